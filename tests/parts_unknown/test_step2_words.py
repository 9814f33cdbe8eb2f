"""Issue 19 (the tables review): Step 2's heading gives each rule its own line."""

from __future__ import annotations

import html
import re

import ipywidgets as w

from playbook.widgets.parts_unknown import PartsUnknownTable


def text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def test_step_2_gives_each_of_its_rules_a_short_line_of_its_own() -> None:
    table = PartsUnknownTable(seed=3, lineup=("you", "undercutter", "top shelf", "liquidator"))
    try:
        lines = [text(child.value) for child in table.step2_panel.children if isinstance(child, w.HTML)]
        assert lines[0] == "Step 2: Stock and Price", lines
        ends_step_1 = [line for line in lines if "ends Step 1" in line]
        half_price = [line for line in lines if "half the going rate" in line]
        assert len(ends_step_1) == len(half_price) == 1 and ends_step_1 != half_price, lines
        assert all(len(line) <= 90 for line in lines), [line for line in lines if len(line) > 90]
    finally:
        table.close()
