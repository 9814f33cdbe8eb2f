"""An Offal Game drawn as HTML and words: pure functions from an observation to markup.

The pipe (right to left: ``The Clog | Day 3 | Day 2 | Day 1``), the customers, the Gore Track and the
game-over line, with one colour per cube kind shared with the charts. Apart from the widgets so the
table, the pipe explorer and the exercise draw the sewer the same way, and so it can be checked on an
observation alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from playbook import charts

from ..common import escape, money

Obs = Mapping[str, Any]


#: One colour per cube kind, the same in the pipe, the customers, the buttons and the charts.
CUBE_COLOURS: dict[str, str] = dict(charts.offal_game.OFFAL_COLOURS)
CUBE_LETTERS = {"bones": "Bo", "organs": "Or", "brains": "Br", "hearts": "He", "rats": "Rat"}
DARK_CUBES = ("organs", "hearts", "rats")
CARD_COLOURS = {"Day 1": "#e8f5e9", "Day 2": "#fff8e1", "Day 3": "#ffe0b2", "The Clog": "#d7ccc8"}
RULES_IN_BRIEF = """<details class='offal-rules-in-brief'><summary><b>Rules in brief</b></summary>
<div style='font-size:12px;max-width:460px'>
<p>Each turn has two phases. <b>Phase 1</b>: roll the d4 and add your waiting customers: that many cubes come
blind out of the Bag O' Parts. New parts enter at the right of Day 1 and push every part along the pipe toward
The Clog; rats take the dashed Rat spaces and never move. Parts pushed off Day 3 wait in the reserve; a second
d4 says how many land on The Clog, the rest go back in the bag.</p>
<p><b>Phase 2</b>: take <i>all</i> the parts of one type on one card for customers who want that type at least
that old (a part on Day N is N days old; The Clog counts as older than Day 3). A completed order pays its money on
the Gore Track and a new customer steps up from The Queue. Take as often as you like, then end the turn.</p>
<p><b>Tools</b>: one per turn, before the roll, after the draws (before the reserve's d4) or in Phase 2.</p>
<p><b>The end</b>: when The Clog is full (the turn is finished first) or every customer is served. Most money
wins; solo, reach the target shown under the Gore Track.</p></div></details>"""


def plunger(seat: int) -> str:
    return f"Plunger {seat + 1}"


def _word(key: str, count: int) -> str:
    """``bones`` -> ``1 Bone`` / ``3 Bones`` (``rats`` stay lower case)."""
    singular = {"bones": "Bone", "organs": "Organ", "brains": "Brain", "hearts": "Heart", "rats": "rat"}[key]
    plural = singular + "s"
    return f"{count} {singular if count == 1 else plural}"


def _cubes_words(keys: Sequence[str]) -> str:
    return ", ".join(_word(k, 1)[2:] for k in keys) or "nothing"


def _chip(key: str) -> str:
    """A small coloured square of a cube kind, for labels."""
    return (
        f"<span style='display:inline-block;width:10px;height:10px;margin-right:3px;border:1px solid #555;"
        f"background:{CUBE_COLOURS[key]}'></span>"
    )


def _cell(cube: str | None, rat_space: bool, title: str) -> str:
    border = "2px dashed #444" if rat_space else "1px solid #999"
    if cube is None:
        colour, text, fg = "#ffffff", "", "#000"
    else:
        colour, text = CUBE_COLOURS[cube], CUBE_LETTERS[cube]
        fg = "#fff" if cube in DARK_CUBES else "#000"
    return (
        f"<div title='{escape(title)}' style='display:inline-block;width:30px;height:30px;margin:1px;"
        f"line-height:30px;text-align:center;font-size:11px;background:{colour};color:{fg};border:{border};"
        f"border-radius:4px'>{text}</div>"
    )


def _counts_words(parts: Sequence[str], counts: Sequence[int]) -> str:
    return ", ".join(_word(parts[p], n) for p, n in enumerate(counts) if n) or "empty"


def pipe_html(source: Any, seat: int = 0) -> str:
    """The sewer as coloured slots, right to left: The Clog, Day 3, Day 2, Day 1 (entrance at the far right).

    ``source`` is an observation (or a state, whose ``observation(seat)`` is used). Dashed borders are Rat
    spaces; each card is labelled with what lies on it (``offal-card-N``)."""
    obs: Obs = source.observation(seat) if hasattr(source, "observation") else source
    cards: list[str] = list(obs["cards"])
    clog = list(obs["clog"])
    clog_cells = "".join(
        _cell(clog[i] if i < len(clog) else None, False, f"The Clog space {i + 1}") for i in range(obs["clog_spaces"])
    )
    blocks = [(3, f"The Clog ({len(clog)}/{obs['clog_spaces']})", clog_cells)]
    for index in (2, 1, 0):
        card = cards[index]
        cells = "".join(
            _cell(space["cube"], space["rat_space"], f"{card}, space {space['space']} from the left")
            for space in obs["spaces"]
            if space["card"] == card
        )
        blocks.append((index, card, cells))
    html = []
    for index, title, cells in blocks:
        counts = _counts_words(obs["parts"], obs["card_counts"][index])
        html.append(
            f"<div class='offal-card offal-card-{index}' style='display:inline-block;vertical-align:top;"
            f"background:{CARD_COLOURS[cards[index]]};padding:4px;margin:2px;border-radius:6px'>"
            f"<div style='font-weight:bold;font-size:12px'>{escape(title)}</div><div>{cells}</div>"
            f"<div class='offal-card-count-{index}' style='font-size:11px'>{escape(counts)}</div></div>"
        )
    legend = " ".join(f"{_chip(k)}{CUBE_LETTERS[k]} {_word(k, 1)[2:]}" for k in CUBE_LETTERS)
    return (
        "<div class='offal-pipe' style='white-space:nowrap;overflow-x:auto'>"
        + "".join(html)
        + "<div style='font-size:11px;color:#555'>← older · new parts enter at the far right of Day 1 · "
        f"dashed = Rat space · {legend}</div></div>"
    )


def _customers_html(obs: Obs, seat: int, title: str) -> str:
    rows = []
    older = "" if obs["age_match"] == "exact" else " or older"
    for customer in obs["customers"][seat]:
        rows.append(
            f"<tr><td>{escape(customer['name'])}</td>"
            f"<td>{_chip(customer['part'])}{escape(_word(customer['part'], customer['count']))}</td>"
            f"<td>Day {customer['age']}{older}</td><td>{customer['filled']} of {customer['count']}</td>"
            f"<td>{money(customer['money'])}</td></tr>"
        )
    body = "".join(rows) or "<tr><td colspan='5'>no customers left</td></tr>"
    return (
        f"<b>{escape(title)}</b><table class='offal-customers-{seat}' style='border-collapse:collapse;font-size:12px'>"
        "<tr><th>customer</th><th>needs</th><th>aged</th><th>in body bag</th><th>pays</th></tr>"
        f"{body}</table>"
    )


def _gore_track_html(obs: Obs, names: Sequence[str]) -> str:
    rows = []
    for seat, amount in enumerate(obs["money"]):
        width = 100 * amount / max(1, obs["gore_track"])
        colour = charts.SEAT_COLOURS[seat % len(charts.SEAT_COLOURS)]
        rows.append(
            f"<tr><td>{escape(names[seat])}</td><td class='offal-money-{seat}'>{money(amount)}</td>"
            f"<td style='width:220px'><div style='background:#eee;width:200px;height:10px'>"
            f"<div style='background:{colour};width:{width:.0f}%;height:10px'></div></div></td></tr>"
        )
    target = ""
    if obs["solo_target"] is not None:
        target = f"<div class='offal-target'>Solo: end the game with at least {money(obs['solo_target'])} to win.</div>"
    return (
        f"<b>Gore Track</b> (up to {money(obs['gore_track'])})<table class='offal-gore-track' style='font-size:12px'>"
        f"{''.join(rows)}</table>{target}"
    )


def game_over_line(obs: Obs, names: Sequence[str], *, person: bool = True) -> str:
    """Why the game ended and who won, in words that match the board (``person``: a person played the solo seat)."""
    scores = ", ".join(f"{names[s]} ${m}" for s, m in enumerate(obs["money"]))
    why = obs["end_words"] or "it ended"
    if obs["solo_target"] is not None:
        won = bool(obs["winners"])
        verdict = ("you win" if won else "you lose") if person else (f"{names[0]} {'wins' if won else 'loses'}")
        return f"Game over because {why}. {scores} against the solo target of ${obs['solo_target']}: {verdict}."
    winners = obs["winners"]
    if len(winners) > 1:
        result = "a tie: " + " and ".join(names[s] for s in winners) + " share the win"
    else:
        result = f"{names[winners[0]]} wins" if winners else "nobody wins"
    return f"Game over because {why}. {scores}: {result}."
