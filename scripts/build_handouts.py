"""Build a printable handout per lesson (``make handouts``; docs/course/README.md says when a class uses them).

A handout is one self-contained HTML page, made to be printed for the table part of a class:

1. the rules in brief of each game the lesson plays (docs/rules/<game>.md, the same summary the tables' *Rules
   in brief* panel shows);
2. a picture of each game's board at the start of a seeded game (the position view the replay and the lab use,
   as static HTML: no kernel is needed to print it);
3. the executed lesson itself, the student edition as the course site shows it (scripts/build_book.py: no
   answers, exercise cells not run), with the code left out: its words, tables and sentences. A chart or a live
   widget becomes a line pointing at the course site, since paper shows neither.

The lessons are executed by build_book's cached executor, so after ``make book`` (or a second run) nothing is
executed again. Usage: python scripts/build_handouts.py [--out build/handouts] [--cache DIR] [--jobs N]
[--timeout S] [LESSON ...]; open OUT/index.html, or print OUT/<lesson>.html.
"""

from __future__ import annotations

import argparse
import html
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import ipywidgets as w
from markdown_it import MarkdownIt

sys.path.insert(0, str(Path(__file__).resolve().parent))  # build_book is a script beside this one
import build_book

import playbook
from playbook.widgets.mars_needs_mechanics import position_view as mars_position
from playbook.widgets.offal_game.lab import position_view as offal_position
from playbook.widgets.parts_unknown import position_view as parts_position
from playbook.widgets.planet_unknown.lab import position_view as planet_position

REPO = build_book.REPO
RULES = REPO / "docs" / "rules"
PLANET_CSS = REPO / "playbook" / "widgets" / "static" / "planet_unknown.css"
#: The games each lesson plays, in the order it introduces them: the handout has each one's rules and board.
LESSON_GAMES = {
    "faucets_and_sinks": ("mars_needs_mechanics", "parts_unknown", "offal_game"),
    "mars_needs_mechanics": ("mars_needs_mechanics",),
    "parts_unknown": ("parts_unknown",),
    "offal_game": ("offal_game",),
    "planet_unknown": ("planet_unknown",),
    "planet_unknown_asymmetry": ("planet_unknown",),
    "balance_by_search": ("planet_unknown",),
}
POSITION_VIEWS: dict[str, Callable[[playbook.Match, int], w.Widget]] = {
    "mars_needs_mechanics": mars_position,
    "parts_unknown": parts_position,
    "offal_game": offal_position,
    "planet_unknown": planet_position,
}
BOARD_SEED = 1
PRINT_CSS = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 1.5rem auto; padding: 0 1rem; line-height: 1.4; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; border-bottom: 1px solid #999; margin-top: 1.6rem; }
table { border-collapse: collapse; margin: 0.5rem 0; } td, th { border: 1px solid #bbb; padding: 2px 6px; }
pre { white-space: pre-wrap; background: #f4f4f4; padding: 0.4rem; }
.handout-note, .handout-elsewhere { color: #555; font-style: italic; }
.handout-board { overflow-x: auto; }
@media print { .handout-section { break-before: page; } a { color: inherit; text-decoration: none; } }
"""
PLOTLY_MIME = build_book.PLOTLY_MIME
WIDGET_MIME = build_book.WIDGET_MIME
MARKDOWN = MarkdownIt("commonmark", {"html": True}).enable("table")


def game_title(game: str) -> str:
    """The game's name as its rules summary titles it ("Planet Unknown in brief" -> "Planet Unknown")."""
    first = (RULES / f"{game}.md").read_text(encoding="utf-8").splitlines()[0]
    return first.lstrip("# ").removesuffix(" in brief")


def rules_html(game: str) -> str:
    """docs/rules/<game>.md as HTML, its own title dropped (the handout's section heading says it)."""
    lines = (RULES / f"{game}.md").read_text(encoding="utf-8").splitlines()
    return str(MARKDOWN.render("\n".join(lines[1:])))


def widget_html(widget: w.Widget) -> str:
    """The HTML a view shows open, gathered from its HTML widgets in order (a position view is HTML in boxes).

    Folded panels (an accordion or tabs: the rules panel, the log, the new-game form) are left out: paper shows
    what the table shows at a glance, and the rules have their own section.
    """
    if isinstance(widget, w.HTML | w.HTMLMath):
        return f"<div>{widget.value}</div>"
    if isinstance(widget, w.Accordion | w.Tab):
        return ""
    return "".join(widget_html(child) for child in getattr(widget, "children", ()))


def board_html(game: str) -> str:
    """The board at the start of a seeded two-player game, as the position view draws it."""
    match = playbook.Match(game, players=2, seed=BOARD_SEED)
    view = POSITION_VIEWS[game](match, 0)
    try:
        return widget_html(view)
    finally:
        view.close()


def _output_html(output: Any) -> str:
    if output.get("output_type") == "stream":
        return f"<pre>{html.escape(str(output.get('text', '')))}</pre>" if output.get("name") == "stdout" else ""
    data = output.get("data", {})
    if PLOTLY_MIME in data:
        return "<p class='handout-elsewhere'>A chart stands here in the lesson and on the course site.</p>"
    if WIDGET_MIME in data:
        return "<p class='handout-elsewhere'>A live widget stands here: open the lesson to use it.</p>"
    if "text/html" in data:
        return str(data["text/html"])
    if "text/markdown" in data:
        return str(MARKDOWN.render(str(data["text/markdown"])))
    if "image/png" in data:
        return f"<img alt='a figure of the lesson' src='data:image/png;base64,{data['image/png']}'>"
    return ""  # plain text reprs and errors: nothing a reader of the printed page needs


def lesson_html(notebook: Any) -> str:
    """The executed lesson without its code: markdown cells and what the code showed, in order."""
    parts = []
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            parts.append(str(MARKDOWN.render(str(cell.source))))
        elif cell.cell_type == "code":
            parts.extend(_output_html(output) for output in cell.get("outputs", []))
    return "\n".join(part for part in parts if part)


def handout(page: str, notebook: Any) -> str:
    """The whole handout page of one lesson from its executed student edition."""
    games = LESSON_GAMES[page]
    title = next((line.lstrip("# ") for line in notebook.cells[0].source.splitlines() if line.startswith("# ")), page)
    css = PRINT_CSS + (PLANET_CSS.read_text(encoding="utf-8") if "planet_unknown" in games else "")
    sections = []
    for game in games:
        name = html.escape(game_title(game))
        sections.append(
            f"<section class='handout-rules'><h2>The rules in brief: {name}</h2>{rules_html(game)}</section>"
        )
        sections.append(
            f"<section class='handout-board'><h2>The board: {name}, a seeded game (seed {BOARD_SEED}) at the start</h2>"
            f"{board_html(game)}</section>"
        )
    sections.append(
        f"<section class='handout-section handout-lesson'><h2>The lesson</h2>{lesson_html(notebook)}</section>"
    )
    return (
        f"<!doctype html>\n<html lang='en'><head><meta charset='utf-8'><title>Handout: {html.escape(title)}</title>"
        f"<style>{css}</style></head><body><header><h1>{html.escape(title)}</h1><p class='handout-note'>A printable"
        f" handout of the lesson notebooks/{page}.ipynb: the rules in brief, the board, and the executed lesson (the"
        " student edition, without its code).</p></header>" + "".join(sections) + "</body></html>\n"
    )


def index_html(pages: Iterable[str]) -> str:
    links = "".join(f"<li><a href='{page}.html'>{page}</a></li>" for page in pages)
    return (
        "<!doctype html>\n<html lang='en'><head><meta charset='utf-8'><title>Handouts</title>"
        f"<style>{PRINT_CSS}</style></head><body><h1>Handouts, in course order</h1><ul>{links}</ul></body></html>\n"
    )


def build(out: Path, cache: Path, jobs: int, timeout: int, pages: list[str]) -> list[Path]:
    """Write OUT/<lesson>.html for each page and OUT/index.html; return the handouts written."""
    unknown = [page for page in pages if page not in LESSON_GAMES]
    if unknown:
        raise SystemExit(f"no lesson named {', '.join(unknown)}; the lessons are {', '.join(LESSON_GAMES)}")
    executed = build_book.executed_lessons(pages, cache, jobs, timeout, fresh=False)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for page in pages:
        path = out / f"{page}.html"
        path.write_text(handout(page, executed[page]), encoding="utf-8")
        written.append(path)
        print(f"  {path}")
    (out / "index.html").write_text(index_html(pages), encoding="utf-8")
    return written


def main() -> None:
    conf = build_book.settings()["execute"]
    course = [page for page in build_book.course_order() if page in LESSON_GAMES]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lessons", nargs="*", default=course, help="lessons to build (default: every lesson)")
    parser.add_argument("--out", type=Path, default=REPO / "build" / "handouts")
    parser.add_argument("--cache", type=Path, default=build_book.BOOK / "_build" / "cache", help="executed lessons")
    parser.add_argument("--jobs", type=int, default=int(conf["jobs"]), help="lessons executed at once")
    parser.add_argument("--timeout", type=int, default=int(conf["timeout"]), help="seconds a cell may run")
    args = parser.parse_args()
    build(args.out.resolve(), args.cache.resolve(), args.jobs, args.timeout, list(args.lessons))


if __name__ == "__main__":
    main()
