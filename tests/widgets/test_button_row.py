"""``ButtonRow``: the buttons a table redraws on every click are kept, and a redraw sends only what changed.

Why it matters (issue 20): a redraw that made new buttons sent the page three new widget models per button and
closed as many; the page built and tore down their views on every click.
"""

from __future__ import annotations

import ipywidgets as w
import pytest

from playbook.widgets.common import ButtonRow, Choice

from .game_tables import make_table


def test_a_redraw_keeps_the_buttons_and_a_press_reaches_the_place_shown() -> None:
    pressed: list[int] = []
    box = w.HBox()
    row = ButtonRow(box, pressed.append, prefix="t-card", layout={"width": "140px"})
    first = row.show([Choice("Wire · 4"), Choice("Lens · 5", disabled=True, button_color="#123456")])
    assert [b.description for b in box.children] == ["Wire · 4", "Lens · 5"]
    assert box.children[1].disabled and box.children[1].style.button_color == "#123456"
    assert "t-card-1" in box.children[1]._dom_classes
    again = row.show([Choice("Gear · 3", classes=("t-seller-2",))])
    assert again[0] is first[0] and box.children == (first[0],)  # the same model, one shown
    assert first[0]._dom_classes == ("t-card-0", "t-seller-2") and not first[0].disabled
    third = row.show([Choice("Gear · 3"), Choice("Cog · 2")])
    assert third == first  # the button left unshown comes back, not a new one
    box.children[1].click()
    assert pressed == [1]
    for widget in row.buttons:
        widget.close()
    box.close()


def test_a_redraw_that_changes_nothing_sends_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    box = w.HBox()
    row = ButtonRow(box, lambda place: None, prefix="t-take")
    choices = [Choice("Take 1 Heart", tooltip="Take 1 Heart", button_style="success")]
    (shown,) = row.show(choices)
    sent: list[tuple[str, object]] = []

    def recording(self: w.Widget, key: object = None) -> None:
        sent.append((type(self).__name__, key))

    monkeypatch.setattr(w.Widget, "send_state", recording)
    row.show(choices)
    assert sent == []
    row.show([Choice("Take 2 Hearts", tooltip="Take 1 Heart", button_style="success")])
    assert sent == [("Button", "description")]  # one message, the description alone
    monkeypatch.undo()
    shown.close()
    box.close()


def test_a_views_unshown_buttons_are_kept_and_closed_with_it() -> None:
    """A ``View`` closes what its attributes no longer reach after each call: the row's unshown buttons are
    reached through the row, so they wait for their place again, and they go when the view closes."""
    table = make_table("offal_game", players=2, seed=1, lineup=("you", "clog clearer"))
    try:
        row = table.takes_row  # type: ignore[attr-defined]
        made = row.show([Choice("a"), Choice("b"), Choice("c")])
        table.refresh()  # a public call: the view sweeps what it no longer reaches
        assert all(button.comm is not None for button in made)
        assert made[0] in row.buttons and row.buttons[:3] == made
    finally:
        table.close()
    assert all(button.comm is None for button in made)
