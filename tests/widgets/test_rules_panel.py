"""The "Rules in brief" panel: markdown in the project's words, rendered without any extra dependency."""

from __future__ import annotations

import re

import ipywidgets as w
import pytest

from playbook.widgets import rules_panel as rp

BRIEF = """\
# Mars Needs Mechanics in brief

Buy **one** component a turn; the *Order Line* moves values. If one store sells Feet for $11, no one pays $14.

- Buy, or pass
  1. first three rise
  2. last three fall
- Sell sets of `3` or more

See [the engine template](docs/engine_template.md).
"""


def test_markdown_becomes_html() -> None:
    html = rp.markdown_to_html(BRIEF)
    assert html.startswith("<h1>Mars Needs Mechanics in brief</h1>")
    assert "<b>one</b>" in html and "<i>Order Line</i>" in html and "<code>3</code>" in html
    assert "<ul><li>Buy, or pass<ol><li>first three rise</li><li>last three fall</li></ol></li>" in html
    assert "<li>Sell sets of <code>3</code> or more</li></ul>" in html
    assert "<a href='docs/engine_template.md' target='_blank'>the engine template</a>" in html
    assert "$11" in html and "$14" in html


def test_markdown_escapes_html() -> None:
    assert rp.markdown_to_html("a <script>x</script> & b") == "<p>a &lt;script&gt;x&lt;/script&gt; &amp; b</p>"


def test_rules_panel_is_a_closed_accordion_with_the_brief() -> None:
    panel = rp.rules_panel("mars_needs_mechanics", text=BRIEF)
    assert isinstance(panel, w.Accordion)
    assert panel.selected_index is None  # collapsed until clicked
    assert panel.titles == ("Rules in brief",)
    (content,) = panel.children
    assert "<h1>Mars Needs Mechanics in brief</h1>" in content.value
    assert "mathjax_ignore" in content.value  # "$11 ... $14" must not become mathematics
    assert "playbook-rules-panel" in panel._dom_classes
    assert rp.rules_panel("x", text="hi", open=True).selected_index == 0


def test_a_missing_brief_says_where_to_write_it(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    monkeypatch.setattr(rp, "CHECKOUT_DIR", tmp_path)
    assert rp.rules_text("no_such_game") is None
    (content,) = rp.rules_panel("no_such_game").children
    assert "docs/rules/no_such_game.md" in content.value
    with pytest.raises(ValueError):
        rp.rules_text("../etc/passwd")


def test_briefs_are_read_from_docs_rules_in_a_checkout(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    (folder / "some_game.md").write_text("# Some game\n\nRoll, then move.\n", encoding="utf-8")
    monkeypatch.setattr(rp, "CHECKOUT_DIR", folder)
    assert rp.rules_text("some_game") == "# Some game\n\nRoll, then move.\n"
    (content,) = rp.rules_panel("some_game").children
    assert "<p>Roll, then move.</p>" in content.value


@pytest.mark.parametrize("game", ["mars_needs_mechanics", "parts_unknown", "offal_game", "planet_unknown"])
def test_every_game_brief_renders(game: str) -> None:
    text = rp.rules_text(game)
    assert text is not None, f"docs/rules/{game}.md is missing"
    html = rp.markdown_to_html(text)
    assert html.count("<h") >= 1 and "<p>" in html


def test_pipe_tables_become_html_tables() -> None:
    text = "Mechanisms:\n\n| name | cost |\n| --- | :-: |\n| **Governor** | 3 |\n| Claw | 2 |\n\nEnd."
    html = rp.markdown_to_html(text)
    assert html == (
        "<p>Mechanisms:</p><table><tr><th>name</th><th>cost</th></tr><tr><td><b>Governor</b></td><td>3</td></tr>"
        "<tr><td>Claw</td><td>2</td></tr></table><p>End.</p>"
    )


def test_briefs_have_no_markdown_left_over() -> None:
    for game in ("mars_needs_mechanics", "parts_unknown", "offal_game", "planet_unknown"):
        text = rp.rules_text(game)
        if text is None:
            continue
        html = rp.markdown_to_html(text)
        outside_code = re.sub(r"<code>.*?</code>", "", html)
        assert "**" not in outside_code and "| --- |" not in outside_code and "\n#" not in outside_code, game
