"""Live charts: a plotly figure drawn by plotly's own renderer inside an ``Output``, fitted to its column."""

from __future__ import annotations

import base64
import json
import math
from collections.abc import Mapping
from typing import Any

import anywidget
import ipywidgets as w
import numpy as np
import traitlets

from playbook.charts.common import Spec, template_json
from playbook.charts.common import figure as spec_figure

from .registry import close_widgets

PLOTLY_MIME = "application/vnd.plotly.v1+json"


def replace_traces(widget: Any, figure: Any) -> None:
    """Swap a shown plotly ``FigureWidget``'s traces (and title) for a new figure's, in one message.

    Kept for code that still holds a ``FigureWidget``; the tables use ``LiveChart``.
    """
    with widget.batch_update():
        if len(widget.data) == len(figure.data) and all(
            old.type == new.type for old, new in zip(widget.data, figure.data, strict=True)
        ):
            for old, new in zip(widget.data, figure.data, strict=True):
                old.update(new.to_plotly_json())
        else:
            widget.data = ()
            for trace in figure.data:
                widget.add_trace(trace)
        widget.layout.title = figure.layout.title


# -- charts ----------------------------------------------------------------------------------------------
def _plain(value: Any) -> Any:
    """JSON-safe plain data: arrays become lists (not plotly's base64 typed arrays), NaN and inf None."""
    if isinstance(value, Mapping):
        if "bdata" in value and "dtype" in value:  # plotly's base64 typed array: decode to a list
            return _plain(_typed_array(value))
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, bool) or value is None or isinstance(value, str | int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    tolist = getattr(value, "tolist", None)
    if callable(tolist):
        return _plain(tolist())
    isoformat = getattr(value, "isoformat", None)
    if callable(isoformat):
        return isoformat()
    return str(value)


def _typed_array(spec: Mapping[str, Any]) -> Any:
    array = np.frombuffer(base64.b64decode(spec["bdata"]), dtype=np.dtype(spec["dtype"]).newbyteorder("<"))
    shape = spec.get("shape")
    if shape:
        array = array.reshape([int(n) for n in str(shape).split(",")] if isinstance(shape, str) else shape)
    return array


def figure_spec(figure: Any) -> dict[str, Any]:
    """A plotly figure (or a spec, ``playbook.charts.common.Spec``) as the JSON plotly's renderer draws: no
    fixed width (it fits its column), responsive."""
    if isinstance(figure, Mapping):
        return spec_json(figure)
    raw = figure.to_plotly_json()
    template = raw.get("layout", {}).pop("template", None)
    spec = _plain(raw)
    layout = spec.setdefault("layout", {})
    if template is not None:  # the usual template is passed as the one shared copy, not walked and copied again
        layout["template"] = template_json() if template == template_json() else _plain(template)
    layout.pop("width", None)
    layout["autosize"] = True
    spec["config"] = {"responsive": True, "displaylogo": False, **spec.get("config", {})}
    json.dumps(spec)  # fail here, in Python, rather than in the comm layer
    return {"data": spec.get("data", []), "layout": layout, "config": spec["config"]}


def spec_json(spec: Mapping[str, Any]) -> dict[str, Any]:
    """A spec as ``figure_spec`` gives a figure, without a ``go.Figure`` and its copies: the traces and the
    layout made plain, the shared template (plain already, and large) passed by reference."""
    layout = {key: value if key == "template" else _plain(value) for key, value in spec.get("layout", {}).items()}
    layout.pop("width", None)
    layout["autosize"] = True
    data = _plain(spec.get("data", []))
    config = {"responsive": True, "displaylogo": False, **spec.get("config", {})}
    json.dumps([data, {k: v for k, v in layout.items() if k != "template"}])  # fail here, not in the comm layer
    return {"data": data, "layout": layout, "config": config}


def figure_output(figure: Any) -> dict[str, Any]:
    """A display_data output holding the figure for plotly's mime renderer (text fallback elsewhere)."""
    return spec_output(figure_spec(figure))


def spec_output(spec: Mapping[str, Any]) -> dict[str, Any]:
    """A display_data output holding a ``figure_spec`` for plotly's mime renderer (text fallback elsewhere)."""
    title = (spec.get("layout", {}).get("title") or {}).get("text") or "chart"
    return {
        "output_type": "display_data",
        "data": {PLOTLY_MIME: spec, "text/plain": f"<plotly chart: {title}>"},
        "metadata": {},
    }


class ChartOutput(w.Output):  # type: ignore[misc]
    """An ``Output`` widget that shows one plotly figure or spec; ``show(figure)`` replaces it, ``data`` reads
    its traces (a spec's as a ``go.Figure``'s, built when read)."""

    def __init__(self, figure: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.figure = figure
        self.spec: dict[str, Any] | None = None
        if figure is not None:
            self.show(figure)

    def show(self, figure: Any) -> None:
        self.show_spec(figure_spec(figure), figure)

    def show_spec(self, spec: dict[str, Any], figure: Any = None) -> None:
        """Show ``spec`` (a ``figure_spec``); ``figure`` is what it was made from, kept for ``data``."""
        self.figure = figure
        self.spec = spec
        self.outputs = (spec_output(spec),)

    @property
    def data(self) -> Any:
        if self.figure is None and self.spec is not None:
            self.figure = spec_figure(self.spec)
        return self.figure.data if self.figure is not None else ()


_FIT_ESM = """
// Two jobs for the chart in this widget's .playbook-chart-box.
//
// Fit: Plotly fits a chart to its container when it draws it, and again when the window is resized
// (config.responsive). A table's layout can still narrow a chart's column after the first draw (its other
// widgets render later): watch the column and re-fit when its width changes.
//
// Patch: the Output beside this widget shows the chart's first figure (plotly's mime renderer draws it
// and loads plotly.js). Every update after that arrives here as traits (figure_data; figure_layout and
// figure_template only when they changed) and is applied with Plotly.react to the chart already drawn:
// one incremental redraw, where a new Output would draw a new chart from scratch, redraw it again and
// render it to a PNG. `revision` counts the updates; 0 means the Output shows the latest figure. A
// reloaded page or a second view applies the latest revision as soon as the Output has drawn its chart.
export default {
  render({ model, el }) {
    let observer = null;
    let drawn = null;
    let frame = 0;
    let last = -1;
    let box = null;
    const applied = new WeakMap();
    const refit = () => {
      for (const plot of box.querySelectorAll(".js-plotly-plot")) {
        const width = plot.getBoundingClientRect().width;
        if (plot._fullLayout && width > 0 && Math.abs(plot._fullLayout.width - width) > 1) {
          window.dispatchEvent(new Event("resize"));
          return;
        }
      }
    };
    const patch = () => {
      const revision = model.get("revision");
      const plotly = window.Plotly;
      if (!box || revision === 0 || !plotly) return;
      for (const plot of box.querySelectorAll(".js-plotly-plot")) {
        if (!plot._fullLayout || applied.get(plot) === revision) continue;
        applied.set(plot, revision);
        const layout = { ...structuredClone(model.get("figure_layout")), template: model.get("figure_template") };
        plotly.react(plot, structuredClone(model.get("figure_data")), layout, model.get("figure_config"));
      }
    };
    const start = () => {
      box = el.closest(".playbook-chart-box");
      if (!box) {
        frame = requestAnimationFrame(start);
        return;
      }
      observer = new ResizeObserver((entries) => {
        const width = Math.round(entries[entries.length - 1].contentRect.width);
        if (width !== last) {
          last = width;
          frame = requestAnimationFrame(refit);
        }
      });
      observer.observe(box);
      // A chart drawn after the last size change (a first figure, a fresh Output) is checked when it appears,
      // and given the latest update.
      drawn = new MutationObserver(() => { patch(); refit(); });
      drawn.observe(box, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
      patch();
    };
    model.on("change:revision", patch);
    el.style.display = "none";
    start();
    return () => {
      model.off("change:revision", patch);
      cancelAnimationFrame(frame);
      if (observer) observer.disconnect();
      if (drawn) drawn.disconnect();
    };
  },
};
"""


class ChartFitter(anywidget.AnyWidget):
    """An invisible widget that re-fits the plotly chart of its ``.playbook-chart-box`` to the box's width and
    applies the chart's updates to the chart drawn (see ``LiveChart``).

    ``figure_data``, ``figure_layout`` (without its template), ``figure_template`` and ``figure_config`` are
    the latest figure once ``revision`` is above 0 (not ``layout``: that is every widget's own ``Layout``).
    Each is sent only when it changed, so a click that moves a line sends the traces alone; at 0 the
    ``Output`` beside it shows the latest figure."""

    _esm = _FIT_ESM
    revision = traitlets.Int(0).tag(sync=True)
    figure_data: traitlets.List[Any] = traitlets.List().tag(sync=True)
    figure_layout = traitlets.Dict().tag(sync=True)
    figure_template = traitlets.Any(None).tag(sync=True)
    figure_config = traitlets.Dict().tag(sync=True)

    def show_spec(self, spec: Mapping[str, Any]) -> None:
        """Send ``spec`` (a ``figure_spec``) to the chart drawn, in one message: only the parts that changed."""
        layout = spec["layout"]
        with self.hold_sync():
            if layout.get("template") is not self.figure_template:
                self.figure_template = layout.get("template")
            self.figure_layout = {key: value for key, value in layout.items() if key != "template"}
            self.figure_data = spec["data"]
            self.figure_config = spec["config"]
            self.revision += 1


class LiveChart:
    """A plotly chart that is current whenever and wherever it is shown.

    The figure is the ``outputs`` state of an ``ipywidgets.Output`` and is drawn by plotly's own mime
    renderer (shipped in the plotly wheel as the ``jupyterlab-plotly`` extension, so plotly.js comes from
    the Jupyter server, never from the network, and once per page, not once per chart). State is what a
    page renders from, so a Voila page, a reloaded page or a second display all show the latest figure.

    ``update`` takes a ``go.Figure`` or, cheaper, a spec (``playbook.charts.common.Spec``: plain JSON, what the
    tables redraw on a click). Why both the skip and the reuse below: a click used to rebuild and resend every
    chart as a ``go.Figure`` (validated, its template copied), most of the click's time. Now an update equal to
    what is shown sends nothing, and a layout equal to the shown one is kept (the same object), so only the
    traces are new; ``sent`` counts the states sent. ``figure`` is a ``go.Figure`` of what is shown, built
    only when something reads it (a test, the economy CSV), never on a click.

    Why an update goes to the ``ChartFitter`` and not to the ``Output``: a new ``outputs`` state makes the page
    throw the chart away and draw a new one (plotly's renderer then redraws it a second time and renders it to
    a PNG), 100-300 ms of the page's time per chart per click. The ``Output`` keeps the first figure (it loads
    plotly.js and draws the chart); the fitter's state holds the latest one, sends only what changed (the
    traces, the layout when it changed, the large template once) and applies it to the chart drawn with
    ``Plotly.react``. So the page still shows the latest figure whenever it draws the chart: ``output_spec``
    is what a page shows, the ``Output``'s figure patched with the fitter's.

    A plotly ``FigureWidget`` (an anywidget) is not used: it carries the ~4.6 MB plotly.js bundle in every
    chart's state, its updates are one-off messages its state never sees, and on a slow machine its model
    sometimes failed to initialise ("[anywidget] Failed to initialize model"), after which it never updated.
    """

    def __init__(self, figure: Any) -> None:
        self._figure: Any = None if isinstance(figure, Mapping) else figure
        self.spec: dict[str, Any] = figure_spec(figure)
        #: How many figures this chart sent to the page (one at first, one per update that changed it).
        self.sent = 1
        self.widget = self._new_widget()
        self.fitter = ChartFitter()
        self.box = w.Box([self.widget, self.fitter], layout=w.Layout(width="100%", min_width="0"))
        self.box.add_class("playbook-chart-box")

    def _new_widget(self) -> ChartOutput:
        widget = ChartOutput(layout=w.Layout(width="100%", min_width="0"))
        widget.show_spec(self.spec, self._figure)
        widget.add_class("playbook-chart")
        return widget

    def update(self, figure: Spec | Any) -> bool:
        """Show ``figure`` (a ``go.Figure`` or a spec); True when the page was sent a new one, False when it
        equals what is shown (nothing is sent)."""
        spec = figure_spec(figure)
        if spec["layout"] == self.spec["layout"]:
            spec["layout"] = self.spec["layout"]  # the shown layout stays: only the traces may be new
        if spec == self.spec:
            if not isinstance(figure, Mapping):
                self._figure = figure
            return False
        self.spec = spec
        self._figure = None if isinstance(figure, Mapping) else figure
        self.sent += 1
        self.fitter.show_spec(spec)
        return True

    def rebuild(self) -> None:
        """A fresh ``Output`` holding the latest figure, so a new display draws it at once instead of drawing
        the first figure and patching it (the state is current either way; views call it before display)."""
        old = self.widget
        self.widget = self._new_widget()
        with self.fitter.hold_sync():
            self.box.children = (self.widget, self.fitter)
            self.fitter.revision = 0
        close_widgets(old)

    def close(self) -> None:
        close_widgets(self.box)

    @property
    def output_spec(self) -> dict[str, Any]:
        """The figure a page draws from the widgets' state: the ``Output``'s, or the fitter's latest update."""
        if self.fitter.revision == 0:
            return dict(self.widget.outputs[0]["data"][PLOTLY_MIME])
        layout = {**self.fitter.figure_layout, "template": self.fitter.figure_template}
        return {"data": self.fitter.figure_data, "layout": layout, "config": self.fitter.figure_config}

    @property
    def figure(self) -> Any:
        """The shown figure: the ``go.Figure`` given, else one built (once) from the spec shown."""
        if self._figure is None:
            self._figure = spec_figure(self.spec)
        return self._figure

    @property
    def data(self) -> Any:
        return self.figure.data
