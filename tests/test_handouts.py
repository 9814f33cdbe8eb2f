"""The printable handouts (``make handouts``, scripts/build_handouts.py): one HTML page per lesson with the rules
in brief of its game, a picture of the board and the executed lesson's student edition without its code.

The test builds the Planet Unknown handout as ``make handouts`` does, with the execution cache ``make book`` and
tests/test_book.py use (keyed on the lesson's cells and the package, so nothing stale is read).
"""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from support.notebooks import REPO_ROOT

SCRIPT = REPO_ROOT / "scripts" / "build_handouts.py"
CACHE = REPO_ROOT / "book" / "_build" / "cache"
LESSON = "planet_unknown"


class Sections(HTMLParser):
    """The handout's sections by class, each with its text and the tags inside it."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.sections: dict[str, list[str]] = {}
        self.tags: dict[str, list[str]] = {}
        self._open: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "section":
            name = next(c for c in classes if c.startswith("handout-") and c != "handout-section")
            self._open.append(name)
            self.sections.setdefault(name, [])
            self.tags.setdefault(name, [])
        elif self._open:
            self.tags[self._open[-1]].append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "section" and self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        if self._open:
            self.sections[self._open[-1]].append(data)

    def text(self, name: str) -> str:
        return " ".join(" ".join(self.sections[name]).split())


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("handouts")
    command = [sys.executable, str(SCRIPT), "--out", str(out), "--cache", str(CACHE), LESSON]
    done = subprocess.run(command, capture_output=True, text=True, timeout=1800, check=False)
    assert done.returncode == 0, f"the handout build failed:\n{done.stdout[-3000:]}\n{done.stderr[-6000:]}"
    return out


def test_a_handout_holds_the_rules_in_brief_and_a_picture_of_the_board(built: Path) -> None:
    text = (built / f"{LESSON}.html").read_text(encoding="utf-8")
    page = Sections(text)
    assert list(page.sections) == ["handout-rules", "handout-board", "handout-lesson"]
    rules = (REPO_ROOT / "docs" / "rules" / f"{LESSON}.md").read_text(encoding="utf-8")
    first_rule = next(line for line in rules.splitlines() if line.startswith("- "))
    words = re.sub(r"[*`\s]", "", first_rule.removeprefix("- "))[:50]  # the words, whatever the markup's spacing
    assert words in re.sub(r"\s", "", page.text("handout-rules")), "the handout lacks docs/rules' summary"
    assert page.text("handout-rules").startswith("The rules in brief: Planet Unknown")
    board = page.tags["handout-board"]
    assert "svg" in board and board.count("rect") + board.count("path") + board.count("polygon") > 100, (
        "the board section draws no planet"
    )
    assert "Round 1" in page.text("handout-board")


def test_the_handout_is_the_executed_student_edition_without_code(built: Path) -> None:
    text = (built / f"{LESSON}.html").read_text(encoding="utf-8")
    lesson = Sections(text).text("handout-lesson")
    assert "Terrain in, steps out" in lesson and "Words used in this lesson" in lesson
    assert "Exercise 3 (a rule change that reaches a target)" in lesson  # the tasks are there ...
    for answer in ("### BEGIN SOLUTION", "my_deck_size = 9", "<summary>Teacher's answer"):  # ... not the answers
        assert answer not in text
    assert "import playbook" not in text and "def say(" not in text  # no code
    assert "A chart stands here" in lesson  # executed: its charts are pointed at
    assert (built / "index.html").read_text(encoding="utf-8").count(f"href='{LESSON}.html'") == 1


def test_an_unknown_lesson_is_refused_by_name(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--out", str(tmp_path), "intro"], capture_output=True,
                          text=True, timeout=300, check=False)  # fmt: skip
    assert done.returncode != 0 and "no lesson named intro" in done.stderr
