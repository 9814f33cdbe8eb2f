"""Releasing widget models: find every widget a view holds, close what it no longer shows."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

import ipywidgets as w
from ipywidgets.widgets import widget as _widget_module


def live_widgets() -> dict[str, w.Widget]:
    """The kernel's registry of open widget models (``ipywidgets.Widget.widgets``), without the warning."""
    instances: dict[str, w.Widget] = _widget_module._instances
    return instances


def _widget_parts(widget: w.Widget) -> Iterator[w.Widget]:
    """The widgets a widget holds in its synced traits: children, layout, style, and any other."""
    for key in widget.keys:
        if key.startswith("_"):
            continue
        value = getattr(widget, key, None)
        if isinstance(value, w.Widget):
            yield value
        elif isinstance(value, list | tuple):
            yield from (item for item in value if isinstance(item, w.Widget))


def _safe_widget_attribute(item: object) -> object:
    """``item.widget`` if it has one; None for anything else, whatever its ``__getattr__`` does."""
    try:
        return vars(item).get("widget") or getattr(type(item), "widget", None)
    except Exception:
        return None


def widget_tree(*roots: object, enter: Callable[[object], bool] | None = None) -> dict[int, w.Widget]:
    """Every widget reachable from roots: widgets and their parts, lists/tuples/sets/dicts of them, and the
    attributes of helper objects that have a ``widget`` attribute (``LiveChart``, ``StatusLine`` ...).

    ``enter(helper)`` False leaves a helper's attributes out (a view does not reach into a view it only reads).
    """
    found: dict[int, w.Widget] = {}
    seen: set[int] = set()
    stack: list[object] = list(roots)
    while stack:
        item = stack.pop()
        if id(item) in seen or item is None or isinstance(item, str | bytes | int | float):
            continue
        seen.add(id(item))
        if isinstance(item, w.Widget):
            found[id(item)] = item
            stack.extend(_widget_parts(item))
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
        elif (
            hasattr(item, "__dict__")
            and isinstance(_safe_widget_attribute(item), w.Widget)
            and (enter is None or enter(item))
        ):
            stack.extend(vars(item).values())
    return found


def disable_all(root: w.Widget) -> None:
    """Disable every control inside ``root``: a position to look at, not to play."""
    for widget in widget_tree(root).values():
        if "disabled" in widget.trait_names():
            widget.disabled = True


def insert_after(root: w.Widget, anchor: w.Widget, widget: w.Widget) -> None:
    """Put ``widget`` right after ``anchor`` in the box that holds it (at the top of ``root`` if none does)."""
    for box in widget_tree(root).values():
        children = getattr(box, "children", ())
        if any(child is anchor for child in children):
            place = next(i for i, child in enumerate(children) if child is anchor) + 1
            box.children = (*children[:place], widget, *children[place:])
            return
    if isinstance(root, w.Box):
        root.children = (widget, *root.children)


def insert_below(root: w.Widget, anchor: w.Widget, widget: w.Widget) -> None:
    """Put ``widget`` under ``anchor``: after the row (an ``HBox``) that holds it, else right after it."""
    row = next(
        (box for box in widget_tree(root).values() if any(child is anchor for child in getattr(box, "children", ()))),
        None,
    )
    if isinstance(row, w.HBox) and row is not root:
        insert_after(root, row, widget)
    else:
        insert_after(root, anchor, widget)


def from_widget_on(root: w.Widget, widget: w.Widget) -> list[w.Widget]:
    """``widget`` and what follows it in the box that holds it inside ``root`` (``[widget]`` if no box does).

    A table's New game section: the panel and what the table puts after it (the next game's settings, such
    as Planet Unknown's modules and planets), which stay live when the game on the board cannot.
    """
    for box in widget_tree(root).values():
        children = list(getattr(box, "children", ()))
        if any(child is widget for child in children):
            return children[next(i for i, child in enumerate(children) if child is widget) :]
    return [widget]


def close_widgets(*roots: object) -> None:
    """Close every widget reachable from roots (see ``widget_tree``), children, layouts and styles included."""
    for widget in widget_tree(*roots).values():
        widget.close()


def replace_children(box: w.Box, children: Sequence[w.Widget]) -> None:
    """Set a box's children and close the old children (deeply) that are not among the new ones."""
    keep = widget_tree(*children)
    old = [child for child in box.children if id(child) not in keep]
    box.children = tuple(children)
    for widget in widget_tree(*old).values():
        if id(widget) not in keep:
            widget.close()


class WidgetRegistry:
    """The widgets an owner made; closes the ones the owner no longer reaches.

    ``with registry.collect():`` records every widget model opened inside the block (the kernel runs one
    callback at a time, so these are the owner's), except those ``disown``ed meanwhile (made by a view the
    owner only called). ``last_made`` holds the outermost block's record. ``sweep(roots)`` closes recorded
    widgets not reachable from roots; ``close_all()`` closes every recorded one.
    """

    def __init__(self) -> None:
        self.made: dict[str, w.Widget] = {}
        self.last_made: list[str] = []
        self._depth = 0
        self._disowned: set[str] = set()

    @contextlib.contextmanager
    def collect(self) -> Iterator[bool]:
        """Record widgets made in the block; yields True for the outermost block (the one that should sweep)."""
        outermost = self._depth == 0
        before = set(live_widgets()) if outermost else set()
        self._depth += 1
        try:
            yield outermost
        finally:
            self._depth -= 1
            if outermost:
                live = live_widgets()
                self.last_made = [model_id for model_id in live.keys() - before if model_id not in self._disowned]
                self._disowned.clear()
                for model_id in self.last_made:
                    self.made[model_id] = live[model_id]

    def disown(self, model_ids: Iterable[str]) -> None:
        """Leave widgets another owner recorded out of the running block's record."""
        if self._depth:
            self._disowned.update(model_ids)

    def sweep(self, *roots: object, enter: Callable[[object], bool] | None = None) -> int:
        """Close recorded widgets not reachable from roots (see ``widget_tree``); returns how many were closed."""
        reachable = widget_tree(*roots, enter=enter)
        live = live_widgets()
        closed = 0
        for model_id, widget in list(self.made.items()):
            if model_id not in live or live[model_id] is not widget:
                del self.made[model_id]  # closed already
            elif id(widget) not in reachable:
                widget.close()
                del self.made[model_id]
                closed += 1
        return closed

    def close_all(self) -> None:
        """Close every recorded widget."""
        for widget in list(self.made.values()):
            widget.close()
        self.made.clear()
