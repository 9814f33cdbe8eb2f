"""Files in and out of a table: a download button, an uploaded file read back, frames as CSV and as a table.

Downloads (``DownloadButton``)
    A person presses the button; the page asks the kernel for the file, the kernel makes it *then* (so it is
    always the game as it stands) and sends it back as one binary buffer, and the page saves it through a
    ``Blob`` URL. Nothing of the file sits in the widget's state, so a big file (a seat's copy of a long
    six-player game is over 2 MB) costs nothing until it is asked for, and it is not held back by the 2 MB
    limit Chromium puts on ``data:`` URLs. It works the same in JupyterLab and Voila (an anywidget, like the
    chart fitter). ``click()`` is what a press does, for tests and notebooks: it makes the file, sends it to
    the page that asked and returns ``(file name, bytes)``.

Uploads (``uploaded_file``)
    ipywidgets' ``FileUpload`` delivers a tuple of dicts (``name``, ``content`` as a memoryview ...);
    ``uploaded_file(upload.value)`` gives the first file's name and bytes, or None for an empty value.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import anywidget
import ipywidgets as w
import pandas as pd
import traitlets

from playbook.core.errors import InvalidStateError
from playbook.core.match import Match

from .panels import HUMAN, button
from .registry import close_widgets
from .text import escape, no_math

#: What a download button's maker returns: the file's name and its bytes.
FileMaker = Callable[[], tuple[str, bytes]]
#: The largest game file a table reads (a seat's copy of a long six-player game is about 2.3 MB).
MAX_UPLOAD_BYTES = 50_000_000

_DOWNLOAD_ESM = """
// A button that asks the kernel for a file and saves what comes back. Each view has its own token, so
// only the view that was pressed saves the file when the model is shown twice.
export default {
  render({ model, el }) {
    const token = Math.random().toString(36).slice(2);
    const button = document.createElement("button");
    button.className = "jupyter-widgets jupyter-button widget-button playbook-download-button";
    button.type = "button";
    // As wide as its text ("Economy as CSV"), not ipywidgets' 148px for every button (layout.width is "auto").
    button.style.width = "auto";
    const icon = document.createElement("i");
    icon.className = "fa fa-download";
    icon.style.marginRight = "4px";
    const label = document.createElement("span");
    button.append(icon, label);
    const draw = () => {
      label.textContent = model.get("description");
      button.title = model.get("tooltip");
      button.disabled = model.get("disabled");
    };
    draw();
    model.on("change:description change:tooltip change:disabled", draw);
    button.addEventListener("click", () => model.send({ event: "download", view: token }));
    const save = (message, buffers) => {
      if (!message || message.event !== "file" || message.view !== token) return;
      const blob = new Blob(buffers && buffers.length ? [buffers[0]] : [""], { type: message.mime });
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = message.filename;
      link.style.display = "none";
      document.body.appendChild(link);
      link.click();
      link.remove();
      // The page has read the blob once the download starts; give it back a minute later.
      setTimeout(() => URL.revokeObjectURL(url), 60000);
    };
    model.on("msg:custom", save);
    el.appendChild(button);
    return () => {
      model.off("msg:custom", save);
      model.off("change:description change:tooltip change:disabled", draw);
    };
  },
};
"""


class DownloadButton(anywidget.AnyWidget):
    """A button that saves a file made when it is pressed (see the module docstring)."""

    _esm = _DOWNLOAD_ESM
    description = traitlets.Unicode("Download").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        description: str,
        make_file: FileMaker,
        *,
        mime: str = "application/octet-stream",
        tooltip: str = "",
        on_error: Callable[[str], None] | None = None,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("layout", w.Layout(width="auto"))  # the page draws the button as wide as its text
        super().__init__(description=description, tooltip=tooltip, **kwargs)
        self.make_file = make_file
        self.mime = mime
        self.on_error = on_error
        self.on_msg(self._on_message)

    def _on_message(self, _widget: object, content: Any, _buffers: object) -> None:
        if isinstance(content, Mapping) and content.get("event") == "download":
            self.click(str(content.get("view", "")))

    def click(self, view: str = "") -> tuple[str, bytes] | None:
        """Press the button: make the file now and send it to the page view ``view``, which saves it.

        A maker that fails is reported through ``on_error`` (the table's status line), never as a traceback.
        """
        if self.disabled:
            return None
        try:
            filename, data = self.make_file()
        except Exception as exc:  # a bug must not show a traceback to a student
            if self.on_error is not None:
                self.on_error(f"{self.description}: {exc}")
            return None
        self.send({"event": "file", "view": view, "filename": filename, "mime": self.mime}, [data])
        return filename, data


def uploaded_file(value: Sequence[Mapping[str, Any]]) -> tuple[str, bytes] | None:
    """The first file of a ``FileUpload`` value as ``(name, bytes)``; None when nothing was uploaded."""
    if not value:
        return None
    first = value[0]
    content = first.get("content", b"")
    data = content.tobytes() if isinstance(content, memoryview) else bytes(content)
    return str(first.get("name", "the file")), data


def read_game_file(data: str | bytes, name: str, game: str, title: str) -> tuple[str, dict[str, Any]]:
    """A game file's text and its top-level fields, refused (``InvalidStateError``, in words) when it is too
    big, not text, not JSON, or a file of another game than ``game`` (shown as ``title``).

    Only the outer shape is read here; ``Match.from_json`` and ``SeatRecord.from_json`` check the rest.
    """
    if len(data) > MAX_UPLOAD_BYTES:
        raise InvalidStateError(f"the file is {len(data) // 1_000_000} MB; a game file is a few MB at most")
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
        parsed = json.loads(text)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise InvalidStateError("this is not a game file: a game file is the JSON that Save downloads") from None
    if not isinstance(parsed, dict):
        raise InvalidStateError("this is not a game file: a game file is the JSON that Save downloads")
    if parsed.get("game") != game:
        found = parsed.get("game")
        other = f"a game of {found.replace('_', ' ')[:60]}" if isinstance(found, str) else "not a game of any table"
        raise InvalidStateError(f"this file is {other}, not of {title}: open it on that game's table")
    return text, parsed


def frame_csv(frame: pd.DataFrame) -> bytes:
    """A frame as the CSV a spreadsheet opens (UTF-8, no index column)."""
    return frame.to_csv(index=False).encode("utf-8")


def charts_frame(charts: Iterable[Any]) -> pd.DataFrame:
    """The data of plotly figures in one long frame: a row per point, with the chart's title and axis titles.

    A table's economy is what its charts draw; this is that data, for a spreadsheet.
    """
    rows: list[dict[str, Any]] = []
    for figure in charts:
        layout = figure.layout
        title = layout.title.text or ""
        x_title = layout.xaxis.title.text or "x"
        y_title = layout.yaxis.title.text or "y"
        for trace in figure.data:
            xs = list(trace.x) if getattr(trace, "x", None) is not None else []
            ys = list(trace.y) if getattr(trace, "y", None) is not None else []
            for x, y in zip(xs, ys, strict=False):
                rows.append(
                    {"chart": title, "series": trace.name or "", "x axis": x_title, "x": x, "y axis": y_title, "y": y}
                )
    return pd.DataFrame(rows, columns=["chart", "series", "x axis", "x", "y axis", "y"])


def _cell(value: Any) -> str:
    if isinstance(value, float) and math.isfinite(value) and value == int(value):
        return str(int(value))
    return escape(value)


def frame_html(frame: pd.DataFrame, caption: str) -> str:
    """A small frame as an HTML table under a caption, safe for ``$`` (MathJax leaves it alone)."""
    head = "".join(f"<th style='text-align:left;padding:2px 8px'>{escape(column)}</th>" for column in frame.columns)
    body = "".join(
        "<tr>" + "".join(f"<td style='padding:2px 8px'>{_cell(value)}</td>" for value in row) + "</tr>"
        for row in frame.itertuples(index=False)
    )
    return no_math(
        f"<div class='playbook-score-breakdown'><b>{escape(caption)}</b>"
        f"<table style='border-collapse:collapse'><tr>{head}</tr>{body}</table></div>"
    )


class FilesBar:
    """The **Save, load and replay** bar at the end of every table, and the area its replays open in.

    A helper with a ``widget`` (like ``StatusLine``), made and released by its table; the table gives it
    what each button does. **Save** downloads the copy chosen in **Copy** (the whole game, or one seat's);
    **Load a game** hands the uploaded file to ``load(data, name)``; **Replay this game** calls
    ``replay()``; the CSV buttons download the log and the economy. ``show_replay(widget)`` puts a replay
    under the bar with a button that calls ``close_replay()``.
    """

    def __init__(
        self,
        *,
        save: FileMaker,
        log: FileMaker,
        economy: FileMaker,
        load: Callable[[bytes, str], object],
        replay: Callable[[], object],
        close_replay: Callable[[], None],
        on_error: Callable[[str], None],
    ) -> None:
        self.load = load
        self.save_choice = w.Dropdown(options=[], description="Copy", layout=w.Layout(width="auto"))
        self.save_button = DownloadButton(
            "Save",
            save,
            mime="application/json",
            tooltip="Download the game; Load a game opens it again",
            on_error=on_error,
        )
        self.save_button.add_class("playbook-save")
        self.load_upload = w.FileUpload(
            accept=".json",
            multiple=False,
            description="Load a game",
            tooltip="Open a game file Save made: a whole game resumes here, a seat's copy opens read-only",
        )
        self.load_upload.add_class("playbook-load")
        self.load_upload.observe(lambda _: self._on_upload(), names="value")
        self.replay_button = button("Replay this game", replay, icon="history")
        self.log_csv_button = DownloadButton(
            "Log as CSV", log, mime="text/csv", tooltip="Every event of the game, one row each", on_error=on_error
        )
        self.economy_csv_button = DownloadButton(
            "Economy as CSV", economy, mime="text/csv", tooltip="The data the table's charts draw", on_error=on_error
        )
        wrap = w.Layout(flex_flow="row wrap")
        self.widget = w.VBox(
            [
                w.HTML("<b>Save, load and replay</b>"),
                w.HBox([self.save_choice, self.save_button, self.load_upload], layout=wrap),
                w.HBox(
                    [self.replay_button, self.log_csv_button, self.economy_csv_button],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
            ]
        )
        self.widget.add_class("playbook-files-bar")
        self.close_replay_button = button(
            "Close the replay", close_replay, icon="times", layout=w.Layout(width="auto", align_self="flex-start")
        )
        self.replay_area = w.VBox()
        self.replay_area.add_class("playbook-table-replay")

    def show_choices(self, players: int) -> None:
        """Offer the whole game and each seat's copy of a game of ``players`` seats."""
        choices: list[tuple[str, int]] = [("the whole game (for the teacher: every hidden card)", -1)]
        choices += [(f"seat {seat}'s copy (only what seat {seat} saw)", seat) for seat in range(players)]
        if list(self.save_choice.options) != choices:
            keep = self.save_choice.value
            self.save_choice.options = choices
            self.save_choice.value = keep if keep in [value for _, value in choices] else -1

    def chosen_seat(self) -> int | None:
        """The seat whose copy Save downloads; None for the whole game."""
        choice = self.save_choice.value
        return None if choice is None or int(choice) < 0 else int(choice)

    def _on_upload(self) -> None:
        upload = uploaded_file(self.load_upload.value)
        if upload is None:
            return
        self.load_upload.value = ()  # so that the same file can be loaded again
        self.load(upload[1], upload[0])

    def show_replay(self, replay: w.Widget | None) -> None:
        """Show ``replay`` under the bar with a button to close it (None: empty the area)."""
        old = [child for child in self.replay_area.children if child is not self.close_replay_button]
        self.replay_area.children = (self.close_replay_button, replay) if replay is not None else ()
        close_widgets(*(child for child in old if child is not replay))


def loaded_lineup(match: Match, lineup: Sequence[str], bots: Sequence[str]) -> list[str]:
    """Who plays each seat of a loaded match (a person, ``HUMAN``, or a bot's name), from who moved.

    A seat a person moved for stays a person's. A seat a bot moved for gets the bot ``lineup`` (the New
    game panel's choice) names for it, or the first of ``bots`` when the panel names a person there: the
    file does not say which bot it was. A seat that never moved keeps the panel's choice.
    """
    last_mover = {step.seat: step.actor for step in match.steps if step.seat is not None}
    names: list[str] = []
    for seat in range(match.players):
        chosen = lineup[seat] if seat < len(lineup) else HUMAN
        actor = last_mover.get(seat)
        if actor == "player" or not bots or (actor is None and chosen == HUMAN):
            names.append(HUMAN)
        else:
            names.append(chosen if chosen != HUMAN else bots[0])
    return names
