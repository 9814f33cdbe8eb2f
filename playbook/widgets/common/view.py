"""``View``: the base of every table, explorer, lab and viewer; ``close()`` gives back everything it took.

A widget model stays in the kernel (``ipywidgets.Widget.widgets`` and the comm registry) until it is closed,
and an open model keeps alive every Python object its callbacks reach: one view that closes only its root
widget keeps its children, their layouts and styles, and itself, for the life of the kernel. So the
bookkeeping lives here, once, and a view class only builds widgets and keeps the ones it needs on its
attributes (a list or dict of widgets is fine, as are helpers such as ``LiveChart`` or ``StatusLine``).

What a ``View`` does for its subclasses
    - Its ``__init__`` and every public method record the widget models opened while they run
      (``WidgetRegistry``). After such a call, the recorded widgets the view no longer reaches from its
      attributes are closed (a redraw that drops its old buttons leaks nothing).
    - A view built while another view's method runs belongs to that view (a replay viewer's tables, a lab's
      replay tab); ``adopt(view)`` takes over one built elsewhere. A view that is only *given* another view
      (an explorer reading a table's position) never closes it.
    - ``listen(match, callback)`` subscribes to a ``Match`` until the returned function is called or the view
      closes.
    - ``close()`` stops listening, closes the views it owns, then every widget it made or reaches (children,
      layouts, styles, charts, plotly ``FigureWidget``s). The view object is then garbage.

Private methods are not recorded on their own: a widget callback should call a public method (or a private
one from inside a public one) when it makes widgets.
"""

from __future__ import annotations

import functools
import inspect
import weakref
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import ipywidgets as w
from IPython.display import display

from playbook.core.match import Match, Subscriber

from .charts import LiveChart
from .registry import WidgetRegistry, widget_tree

_F = TypeVar("_F", bound=Callable[..., Any])

#: The views whose recorded methods are running, innermost last (the kernel runs one callback at a time).
_RUNNING: list[View] = []


def _recorded(method: _F) -> _F:
    """Run a view's method recording the widgets it opens; the view's outermost call sweeps afterwards."""

    @functools.wraps(method)
    def wrapper(self: View, *args: Any, **kwargs: Any) -> Any:
        if self.__dict__.get("_view_closed"):
            return method(self, *args, **kwargs)
        registry = self.__dict__.get("_view_widgets") or self._start_view()
        constructing = method.__name__ == "__init__"
        outermost = False
        _RUNNING.append(self)
        try:
            with registry.collect() as outermost:
                self._entering(method.__name__)
                result = method(self, *args, **kwargs)
                self._leaving(method.__name__)
        except BaseException:
            _RUNNING.pop()
            if outermost and constructing:  # a view that failed to build gives back what it made
                self.close()
            raise
        _RUNNING.pop()
        if outermost:
            self._settle(registry, constructing)
        return result

    wrapper.__playbook_recorded__ = True  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]


def _is_recorded_name(name: str) -> bool:
    return name == "__init__" or (not name.startswith("_") and name != "close")


class View:
    """A table, explorer, lab or viewer: it shows ``self.widget`` and ``close()`` releases all it made."""

    widget: w.Widget

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, member in list(cls.__dict__.items()):
            recorded = getattr(member, "__playbook_recorded__", False)
            if _is_recorded_name(name) and inspect.isfunction(member) and not recorded:
                setattr(cls, name, _recorded(member))

    # -- bookkeeping ----------------------------------------------------------------------------------------
    def _start_view(self) -> WidgetRegistry:
        """Set up the bookkeeping on the first recorded call (the outermost ``__init__``)."""
        registry = WidgetRegistry()
        self._view_widgets = registry
        self._view_built = False
        self._view_closed = False
        self._view_owned: weakref.WeakSet[View] = weakref.WeakSet()
        self._view_subscriptions: list[Callable[[], None]] = []
        self._view_owner: weakref.ReferenceType[View] | None = None
        if _RUNNING:
            _RUNNING[-1].adopt(self)
        return registry

    def _entering(self, method_name: str) -> None:
        """Called as a recorded method starts (before its body); a subclass may sync its state here."""

    def _leaving(self, method_name: str) -> None:
        """Called as a recorded method returns (after its body, not when it raises): a base class may settle
        what every subclass's method leaves behind (``TableView`` disables controls that cannot act)."""

    def _settle(self, registry: WidgetRegistry, constructing: bool) -> None:
        """After the view's outermost call: mark it built, keep the widgets it just made out of the record of an
        enclosing view that does not own this one, and close what it no longer reaches."""
        if constructing:
            self._view_built = True
        for outer in _RUNNING:
            if not self.owned_by(outer):
                outer._view_widgets.disown(registry.last_made)
        if self._view_built and (constructing or registry.last_made):
            registry.sweep(self, enter=self._walks_into)

    def adopt(self, view: View) -> None:
        """Own ``view``: it is closed with this one. Views built inside this view's methods are adopted.

        A view has one owner (adopting takes it from the last one); a view that owns this one is not adopted
        back, so ownership never loops.
        """
        if self.owned_by(view):
            return
        previous = view.__dict__.get("_view_owner")
        if previous is not None and previous() is not None:
            previous()._view_owned.discard(view)
        view._view_owner = weakref.ref(self)
        self._view_owned.add(view)

    def owned_by(self, view: View) -> bool:
        """True for ``view`` itself and for every view that owns this one, directly or through others."""
        current: View | None = self
        while current is not None:
            if current is view:
                return True
            owner = current.__dict__.get("_view_owner")
            current = owner() if owner is not None else None
        return False

    def _walks_into(self, item: object) -> bool:
        """Reachability stops at views this one does not own (a table an explorer only reads)."""
        return not isinstance(item, View) or item.owned_by(self)

    def listen(self, match: Match, callback: Subscriber) -> Callable[[], None]:
        """Subscribe ``callback`` to ``match``; the returned function unsubscribes, and ``close()`` calls it."""
        unsubscribe = match.subscribe(callback)

        def stop() -> None:
            unsubscribe()
            if stop in self._view_subscriptions:
                self._view_subscriptions.remove(stop)

        self._view_subscriptions.append(stop)
        return stop

    @property
    def closed(self) -> bool:
        """True once ``close()`` has run: the view's widgets are gone, and its methods record nothing more."""
        return bool(self.__dict__.get("_view_closed", False))

    def close(self) -> None:
        """Stop listening to every match, close the views this one owns and every widget it made or shows."""
        if "_view_widgets" not in self.__dict__ or self._view_closed:
            return
        self._view_closed = True
        for stop in list(self._view_subscriptions):
            stop()
        for owned in list(self._view_owned):
            owned.close()
        for widget in widget_tree(self, enter=self._walks_into).values():
            widget.close()
        self._view_widgets.close_all()

    # -- display --------------------------------------------------------------------------------------------
    def live_charts(self) -> Sequence[LiveChart]:
        """The charts given a fresh widget before each display (the state is always current; kept for views
        that list them)."""
        return ()

    def _ipython_display_(self) -> None:
        for chart in self.live_charts():
            chart.rebuild()
        display(self.widget)  # type: ignore[no-untyped-call]
