"""Live charts: a plotly figure drawn by plotly's own renderer inside an ``Output``, fitted to its column."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

import anywidget
import ipywidgets as w

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
    import base64

    import numpy as np

    array = np.frombuffer(base64.b64decode(spec["bdata"]), dtype=np.dtype(spec["dtype"]).newbyteorder("<"))
    shape = spec.get("shape")
    if shape:
        array = array.reshape([int(n) for n in str(shape).split(",")] if isinstance(shape, str) else shape)
    return array


def figure_spec(figure: Any) -> dict[str, Any]:
    """A plotly figure as the JSON plotly's renderer draws: no fixed width (it fits its column), responsive."""
    spec = _plain(figure.to_plotly_json() if hasattr(figure, "to_plotly_json") else figure)
    layout = spec.setdefault("layout", {})
    layout.pop("width", None)
    layout["autosize"] = True
    spec["config"] = {"responsive": True, "displaylogo": False, **spec.get("config", {})}
    json.dumps(spec)  # fail here, in Python, rather than in the comm layer
    return {"data": spec.get("data", []), "layout": layout, "config": spec["config"]}


def figure_output(figure: Any) -> dict[str, Any]:
    """A display_data output holding the figure for plotly's mime renderer (text fallback elsewhere)."""
    title = getattr(getattr(getattr(figure, "layout", None), "title", None), "text", None) or "chart"
    return {
        "output_type": "display_data",
        "data": {PLOTLY_MIME: figure_spec(figure), "text/plain": f"<plotly chart: {title}>"},
        "metadata": {},
    }


class ChartOutput(w.Output):  # type: ignore[misc]
    """An ``Output`` widget that shows one plotly figure; ``show(figure)`` replaces it, ``data`` reads it."""

    def __init__(self, figure: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.figure = figure
        if figure is not None:
            self.show(figure)

    def show(self, figure: Any) -> None:
        self.figure = figure
        self.outputs = (figure_output(figure),)

    @property
    def data(self) -> Any:
        return self.figure.data if self.figure is not None else ()


_FIT_ESM = """
// Plotly fits a chart to its container when it draws it, and again when the window is resized
// (config.responsive). A table's layout can still narrow a chart's column after the first draw (its
// other widgets render later): watch the column and re-fit when its width changes.
export default {
  render({ el }) {
    let observer = null;
    let frame = 0;
    let last = -1;
    const refit = (box) => {
      for (const plot of box.querySelectorAll(".js-plotly-plot")) {
        const width = plot.getBoundingClientRect().width;
        if (plot._fullLayout && width > 0 && Math.abs(plot._fullLayout.width - width) > 1) {
          window.dispatchEvent(new Event("resize"));
          return;
        }
      }
    };
    const start = () => {
      const box = el.closest(".playbook-chart-box");
      if (!box) {
        frame = requestAnimationFrame(start);
        return;
      }
      observer = new ResizeObserver((entries) => {
        const width = Math.round(entries[entries.length - 1].contentRect.width);
        if (width !== last) {
          last = width;
          frame = requestAnimationFrame(() => refit(box));
        }
      });
      observer.observe(box);
      // A chart drawn after the last size change (a new figure) is checked when it appears.
      const drawn = new MutationObserver(() => refit(box));
      drawn.observe(box, { childList: true, subtree: true });
      const stop = observer.disconnect.bind(observer);
      observer.disconnect = () => { stop(); drawn.disconnect(); };
    };
    el.style.display = "none";
    start();
    return () => {
      cancelAnimationFrame(frame);
      if (observer) observer.disconnect();
    };
  },
};
"""


class ChartFitter(anywidget.AnyWidget):
    """An invisible widget that re-fits the plotly charts of its ``.playbook-chart-box`` to the box's width."""

    _esm = _FIT_ESM


class LiveChart:
    """A plotly chart that is current whenever and wherever it is shown.

    The figure is the ``outputs`` state of an ``ipywidgets.Output`` and is drawn by plotly's own mime
    renderer (shipped in the plotly wheel as the ``jupyterlab-plotly`` extension, so plotly.js comes from
    the Jupyter server, never from the network, and once per page, not once per chart). State is what a
    page renders from, so a Voila page, a reloaded page or a second display all show the latest figure.

    A plotly ``FigureWidget`` (an anywidget) is not used: it carries the ~4.6 MB plotly.js bundle in every
    chart's state, its updates are one-off messages its state never sees, and on a slow machine its model
    sometimes failed to initialise ("[anywidget] Failed to initialize model"), after which it never updated.
    """

    def __init__(self, figure: Any) -> None:
        self.figure = figure
        self.widget = self._new_widget()
        self.fitter = ChartFitter()
        self.box = w.Box([self.widget, self.fitter], layout=w.Layout(width="100%", min_width="0"))
        self.box.add_class("playbook-chart-box")

    def _new_widget(self) -> ChartOutput:
        widget = ChartOutput(self.figure, layout=w.Layout(width="100%", min_width="0"))
        widget.add_class("playbook-chart")
        return widget

    def update(self, figure: Any) -> None:
        self.figure = figure
        self.widget.show(figure)

    def rebuild(self) -> None:
        """A fresh widget holding the latest figure (the state is always current; this is cheap and kept for
        views that call it before display)."""
        old = self.widget
        self.widget = self._new_widget()
        self.box.children = (self.widget, self.fitter)
        close_widgets(old)

    def close(self) -> None:
        close_widgets(self.box)

    @property
    def data(self) -> Any:
        return self.figure.data
