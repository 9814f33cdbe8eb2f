"""Parts Unknown's table as HTML: pure functions from an observation (or an event record) to markup.

The header, the board with Viktor, the seats, the hand and the log lines are drawn here, apart from
``PartsUnknownTable``, so the table module holds only widgets and clicks and the markup can be read (and
checked) on an observation alone. Every dollar amount goes through ``money``/``no_math`` so MathJax
leaves it alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from playbook.charts.parts_unknown import category_colour
from playbook.core.match import EventRecord
from playbook.core.protocol import Action
from playbook.games import parts_unknown as pu

from ..common import escape, money, no_math

Obs = Mapping[str, Any]


PHASE_WORDS = {
    "choose": "set-up: choose cards to stock",
    "first_pricer": "set-up",
    "price": "set-up: price the chosen cards",
    "first_player": "set-up",
    "buy": "Step 1 (Buy Stuff)",
    "stock": "Step 2 (Stock and Price)",
    "viktor": "Step 3 (Move Viktor)",
    "auction": "Auction",
    "over": "game over",
}


def describe(action: Action, rules: pu.Rules | None = None) -> str:
    """An action in a person's words (the engine's ``describe``)."""
    return pu.describe(action, rules)


def _dollars(prices: Sequence[int]) -> str:
    """A price column for HTML: "$20 / $14 / $11 / $6" that MathJax leaves alone."""
    return " / ".join(money(p) for p in prices)


def _card_chip(name: str, category: str, text: str) -> str:
    """A card name in its category's colour (the same colour as in the charts)."""
    colour = category_colour(category)
    return f"<span style='border-left:6px solid {colour};padding-left:4px'>{text}</span>"


def _header_html(obs: Obs, seat: int, label: str, you_move: bool) -> str:
    phase = PHASE_WORDS[obs["phase"]]
    current = obs["current_player"]
    who = "—" if obs["over"] else (label if you_move else f"seat {current}" if current is not None else "—")
    if current == -1:
        who = "chance"
    turn = f"Turn {obs['round']} (seat {obs['turn_seat']}'s)" if obs["round"] else "Before the first turn"
    return no_math(
        f"<h3 style='margin:4px 0'>{turn} · {phase} · to move: {escape(who)}</h3>"
        f"<span>The table shows seat {seat}'s cards. Deck: {obs['deck_size']} cards.</span>"
    )


def _board_html(obs: Obs) -> str:
    board = obs["board"]
    houses = {h["name"]: h for h in obs["houses"]}
    rows = []
    for name, house in houses.items():
        cells = []
        for index, (kind, where, _, label) in enumerate(board):
            if where != name:
                continue
            lit = (kind == "riot" and obs["riot"]) or (kind == "monster" and obs["monster"])
            here = index == obs["viktor"]
            colour = "#f9e79f" if here else "#f5b7b1" if lit else "#f2f3f4"
            mark = "<br><b>♟ Viktor</b>" if here else ("<br><b>ON</b>" if lit else "")
            cells.append(
                f"<td class='pu-space-{index}' style='background:{colour};padding:2px 6px;text-align:center;"
                f"font-size:12px'>{escape(label)}{mark}</td>"
            )
        if house["converts"]:
            dots = (
                f"Surplus {house['surplus']}/{house['surplus_dots']} · "
                f"Shortage {house['shortage']}/{house['shortage_dots']}"
            )
        else:
            dots = f"Surplus {house['surplus']} · Shortage {house['shortage']} (never converts)"
        rows.append(
            f"<tr><th style='text-align:left;padding-right:8px'>{_card_chip(name, house['category'], escape(name))}"
            f"</th>{''.join(cells)}<td class='pu-dots-{escape(name)}' style='padding-left:8px;font-size:12px'>"
            f"{dots}</td></tr>"
        )
    shocks = [name.capitalize() for name in ("riot", "monster") if obs[name]]
    rates = ", ".join(f"{escape(c)} {money(r)}" for c, r in obs["going_rates"].items()) or "none (nothing on display)"
    return no_math(
        "<b>The board</b> (Viktor moves left to right, row by row; X = the Town)"
        f"<table class='pu-board' style='border-collapse:collapse'>{''.join(rows)}</table>"
        f"<span class='pu-town'>Town: <b>{obs['town']}</b> Townesfolk</span> · "
        f"<span class='pu-calendar'>Calendar: {obs['calendar_moves']} of {obs['calendar_length']}</span> · "
        f"Riot/Monster: {', '.join(shocks) or 'off'}<br>"
        f"<span class='pu-going-rates'>Going rates shown now: {rates}</span>"
    )


def _seats_html(obs: Obs, you: int, label: Callable[[int], str]) -> str:
    rows = []
    cards = obs["cards"]
    for seat in range(obs["num_players"]):
        shelf = obs["displays"][seat]
        shown = ", ".join(
            _card_chip(name, cards[name]["category"], f"{escape(name)} {money(price)}") for name, price in shelf
        )
        bold = "font-weight:bold;" if seat == obs["current_player"] else ""
        rows.append(
            f"<tr style='{bold}'><td>seat {seat}</td><td>{escape(label(seat))}</td>"
            f"<td class='pu-money-{seat}'>{money(obs['money'][seat])}</td>"
            f"<td>{len(shelf)}/{obs['shelves'][seat]}</td><td class='pu-shelf-{seat}'>{shown or '—'}</td>"
            f"<td>{obs['hand_sizes'][seat]}</td><td>{obs['parts_unknown_sizes'][seat]}</td></tr>"
        )
    return no_math(
        "<table class='pu-seats' style='border-collapse:collapse'><tr><th>seat</th><th>player</th><th>money</th>"
        "<th>shelves used</th><th>on display (marked price)</th><th>hand</th><th>Parts Unknown</th></tr>"
        f"{''.join(rows)}</table>"
    )


def _hand_html(obs: Obs, owner: str = "Your") -> str:
    cards = obs["cards"]
    held = ", ".join(
        _card_chip(name, cards[name]["category"], f"{n} {escape(name)} ({_dollars(cards[name]['prices'])})")
        for name, n in obs["hand"].items()
    )
    unknown = ", ".join(f"{n} {escape(name)}" for name, n in obs["parts_unknown"].items()) or "empty"
    chosen = f" · chosen to stock: {escape(', '.join(obs['chosen']))}" if obs["chosen"] else ""
    return no_math(
        f"<b>{owner} hand</b>: <span class='pu-hand'>{held or 'no cards'}</span>{chosen}<br>"
        f"<b>{owner} Parts Unknown</b>: {unknown}"
    )


def _log_line(record: EventRecord) -> str:
    if isinstance(record.event, pu.TurnStarted):
        return str(record.event)
    prefix = f"Turn {record.round}" if record.round else "Set-up"
    return f"{prefix}: {record.event}"
