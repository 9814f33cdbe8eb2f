"""A collapsible "Rules in brief" panel for a table, from a short markdown summary of the game's rules.

Each game's summary is written once, in the project's own words, as ``docs/rules/<game>.md``. The panel
finds it in the installed package (``playbook/widgets/rules_brief/<game>.md``, where the wheel build
copies ``docs/rules/``) or, in a checkout or an editable install, in ``docs/rules/`` itself. A view shows it
beside its table::

    from playbook.widgets.rules_panel import rules_panel

    self.rules = rules_panel("mars_needs_mechanics")  # an ipywidgets.Accordion, closed until clicked
    self.widget = w.VBox([self.rules, board, ...])

``rules_panel(game, text=...)`` takes the markdown directly instead. ``markdown_to_html`` is a small
converter with no dependency (headings, paragraphs, nested lists, pipe tables, **bold**, *italic*,
``code`` and links); dollar signs stay dollar signs (the HTML is marked for MathJax to skip).
"""

from __future__ import annotations

import html
import importlib.resources
import re
from pathlib import Path

import ipywidgets as w

from .common import no_math

TITLE = "Rules in brief"
PACKAGE_DIR = "rules_brief"
CHECKOUT_DIR = Path(__file__).resolve().parents[2] / "docs" / "rules"
_GAME_NAME = re.compile(r"[a-z][a-z0-9_]*")


_STYLE = (
    "<style>.playbook-rules-brief{font-size:13px;line-height:1.4}"
    ".playbook-rules-brief table{border-collapse:collapse;margin:4px 0}"
    ".playbook-rules-brief th,.playbook-rules-brief td{border:1px solid #ddd;padding:2px 6px;text-align:left}"
    ".playbook-rules-brief h1{font-size:16px}.playbook-rules-brief h2{font-size:14px}</style>"
)


def rules_text(game: str) -> str | None:
    """The markdown summary of a game's rules, or None when it has not been written yet."""
    if not _GAME_NAME.fullmatch(game):
        raise ValueError(f"not a game's name: {game!r}")
    packaged = importlib.resources.files("playbook.widgets").joinpath(PACKAGE_DIR, f"{game}.md")
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    checkout = CHECKOUT_DIR / f"{game}.md"
    if checkout.is_file():
        return checkout.read_text(encoding="utf-8")
    return None


def rules_panel(game: str, text: str | None = None, *, title: str = TITLE, open: bool = False) -> w.Accordion:
    """A closed (unless ``open``) accordion titled ``title`` showing the game's rules summary."""
    markdown = text if text is not None else rules_text(game)
    if markdown is None:
        body = f"<p><i>No rules summary yet: write docs/rules/{html.escape(game)}.md.</i></p>"
    else:
        body = markdown_to_html(markdown)
    content = w.HTML(
        no_math(f"{_STYLE}<div class='playbook-rules-brief'>{body}</div>"),
        layout=w.Layout(max_height="420px", overflow="auto"),
    )
    panel = w.Accordion(children=[content], titles=(title,), selected_index=0 if open else None)
    panel.add_class("playbook-rules-panel")
    panel.add_class(f"playbook-rules-{game}")
    return panel


# -- markdown ------------------------------------------------------------------------------------------------
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$")
_TABLE_RULE = re.compile(r":?-+:?")


def _inline(text: str) -> str:
    """Escape text, then turn code, bold, italic and links into HTML (code spans are left as they are)."""
    parts = re.split(r"(`[^`]+`)", text)
    out = []
    for part in parts:
        if part.startswith("`") and part.endswith("`") and len(part) > 1:
            out.append(f"<code>{html.escape(part[1:-1])}</code>")
            continue
        piece = html.escape(part, quote=False)
        piece = re.sub(r"\*\*(.+?)\*\*|__(.+?)__", lambda m: f"<b>{m.group(1) or m.group(2)}</b>", piece)
        piece = re.sub(
            r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])|(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)",
            lambda m: f"<i>{m.group(1) or m.group(2)}</i>",
            piece,
        )
        piece = re.sub(
            r"\[([^\]]+)\]\(([^)\s]+)\)",
            lambda m: f"<a href='{html.escape(m.group(2), quote=True)}' target='_blank'>{m.group(1)}</a>",
            piece,
        )
        out.append(piece)
    return "".join(out)


class _Converter:
    """Line by line: paragraphs gather lines, list items open and close nested lists by indent."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.paragraph: list[str] = []
        self.lists: list[tuple[int, str]] = []  # open lists: (indent, "ul" | "ol")
        self.table: list[list[str]] = []  # rows of a pipe table being read

    def close_table(self) -> None:
        if not self.table:
            return
        has_head = len(self.table) > 1 and all(_TABLE_RULE.fullmatch(cell) for cell in self.table[1])
        head = self.table[0] if has_head else []
        body = self.table[2:] if has_head else self.table
        html_rows = []
        if head:
            html_rows.append("<tr>" + "".join(f"<th>{_inline(cell)}</th>" for cell in head) + "</tr>")
        html_rows += ["<tr>" + "".join(f"<td>{_inline(cell)}</td>" for cell in row) + "</tr>" for row in body]
        self.out.append(f"<table>{''.join(html_rows)}</table>")
        self.table = []

    def close_paragraph(self) -> None:
        self.close_table()
        self.flush_paragraph()

    def flush_paragraph(self) -> None:
        if self.paragraph:
            self.out.append(f"<p>{_inline(' '.join(self.paragraph))}</p>")
            self.paragraph.clear()

    def close_lists(self, to_indent: int = -1) -> None:
        while self.lists and self.lists[-1][0] > to_indent:
            self.out.append(f"</li></{self.lists.pop()[1]}>")

    def heading(self, level: int, text: str) -> None:
        self.close_paragraph()
        self.close_lists()
        self.out.append(f"<h{level}>{_inline(text)}</h{level}>")

    def item(self, indent: int, kind: str, text: str) -> None:
        self.close_paragraph()
        if self.lists and indent < self.lists[-1][0]:
            self.close_lists(indent)
        if not self.lists or indent > self.lists[-1][0]:
            self.out.append(f"<{kind}><li>")
            self.lists.append((indent, kind))
        else:
            self.out.append("</li><li>")
        self.out.append(_inline(text))

    def line(self, raw: str) -> None:
        line = raw.rstrip()
        heading = _HEADING.match(line)
        item = _ITEM.match(line)
        if line.lstrip().startswith("|"):
            self.flush_paragraph()
            self.close_lists()
            self.table.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif not line.strip():
            self.close_paragraph()
        elif heading:
            self.heading(len(heading.group(1)), heading.group(2))
        elif item:
            kind = "ol" if item.group(2)[0].isdigit() else "ul"
            self.item(len(item.group(1).expandtabs(4)), kind, item.group(3))
        elif self.lists and raw.startswith((" ", "\t")):
            self.out.append(" " + _inline(line.strip()))  # a list item's continuation line
        else:
            self.close_lists()
            self.paragraph.append(line.strip())

    def finish(self) -> str:
        self.close_paragraph()
        self.close_lists()
        return "".join(self.out)


def markdown_to_html(markdown: str) -> str:
    """A small, dependency-free markdown subset to HTML: enough for a one-page rules summary."""
    converter = _Converter()
    for raw in markdown.splitlines():
        converter.line(raw)
    return converter.finish()
