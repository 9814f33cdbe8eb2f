"""Mars Needs Mechanics drawn as HTML and words: pure functions from an observation to markup.

The header, the Order Line with what Adjust Values does to each place, a seat's hand, what its mechanisms
show it alone, every seat's row and a set sale's label, with one colour per component shared with the charts.
Apart from the widgets so they can be checked on an observation alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from playbook.charts import mars_needs_mechanics as mnm_charts
from playbook.charts.mars_needs_mechanics import component_colour
from playbook.games import mars_needs_mechanics as mnm

from ..common import escape

#: One colour per component id, shared with the charts.
COMPONENT_COLOURS = mnm_charts.COMPONENT_COLOURS
PHASE_WORDS = {"play": "buying", "sell": "Sell Sets", "over": "game over"}


def _header_html(obs: mnm.Observation, turn: str) -> str:
    over = obs["phase"] == "over"
    if over:
        state = f"game over: {obs['end_reason']}" if obs["end_reason"] else "game over"
    elif obs["final_round"] or (obs["deck_size"] == 0 and obs["phase"] == "play"):
        state = f"the last round · passes in a row: {obs['passes_in_row']}"
    else:
        state = f"passes in a row: {obs['passes_in_row']}"
    return (
        f"<h3 style='margin:4px 0'>Round {obs['round']} · {PHASE_WORDS[obs['phase']]} · to move: "
        f"{escape(turn)}</h3><span>Deck: {obs['deck_size']} cards · discard pile: {obs['discard_size']} · "
        f"first player: seat {obs['first_player']} · purchases this round: {obs['purchases_this_round']} · "
        f"{escape(state)}</span>"
    )


def _order_line_html(obs: mnm.Observation) -> str:
    """The Order Line, front first, with what Adjust Values will do to each place: a Brass Balancer anyone has
    built makes the fourth rise too, and when the deck is empty (this is the last round) only a component
    bought this round can rise."""
    names = obs["components"]
    order = obs["order_line"]
    fall = obs["order_line_fall"]
    balancer = any("brass_balancer" in built for built in obs["built"])
    rise = obs["order_line_rise"] + (1 if balancer and obs["order_line_rise"] < len(order) - fall else 0)
    last_round = obs["deck_size"] == 0 and obs["phase"] == "play"
    bought = set(obs["bought_this_round"])
    cells = []
    for place, component in enumerate(order):
        if place < rise:
            arrow = "= stays (not bought)" if last_round and component not in bought else "▲ rises"
        elif place >= len(order) - fall:
            arrow = "▼ falls"
        else:
            arrow = "= stays"
        mark = " ●" if component in bought else ""
        cells.append(
            f"<td style='border-top:6px solid {component_colour(component)};padding:3px 8px;text-align:center'>"
            f"{place + 1}. {escape(names[component])}{mark}<br><b>{obs['values'][component]}</b> {arrow}</td>"
        )
    why = " (the Brass Balancer adds the fourth)" if rise > obs["order_line_rise"] else ""
    last = "; the deck is empty, so only components bought this round can rise" if last_round else ""
    return (
        f"<b>Order Line</b> (front first: at the round's end the first {rise} rise{why}, the last {fall} fall"
        f"{last}; ● bought this round)"
        f"<table class='mnm-order-line' style='border-collapse:collapse'><tr>{''.join(cells)}</tr></table>"
    )


def _hand_html(obs: mnm.Observation, label: str) -> str:
    names = obs["components"]
    held = [
        f"<span style='border-left:6px solid {component_colour(c)};padding-left:4px;margin-right:8px'>"
        f"{count} {escape(names[c])} (value {obs['values'][c]})</span>"
        for c, count in enumerate(obs["hand"])
        if count
    ]
    return (
        f"<b>{'Your hand' if label == 'you' else escape(label.capitalize()) + ' holds'}</b> (seat {obs['seat']}): "
        f"{''.join(held) or 'no components'}; "
        f"{obs['scrap']} Scrap · <b>{obs['cogs'][obs['seat']]} cogs</b> · "
        f"<span class='mnm-set-size'>a set to sell: {obs['min_set_size']} or more cards of one type</span>"
    )


def _card_chips(obs: mnm.Observation, cards: Sequence[int]) -> str:
    names = obs["components"]
    return " · ".join(
        f"<span style='border-left:6px solid {component_colour(c)};padding-left:4px'>{escape(names[c])}</span>"
        for c in cards
    )


def _knowledge_html(obs: mnm.Observation, label: str) -> str:
    """What this seat's built mechanisms tell it and no other seat: read from the fields its observation has
    and another seat's lacks, so it is drawn only from the owner's own observation. Empty if there is none."""
    mechanism = obs["mechanism_names"]
    lines = []
    if "deck_top" in obs:
        top = obs["deck_top"]
        cards = _card_chips(obs, top) if top else "the deck is empty"
        lines.append(
            f"<div class='mnm-deck-top'><b>{escape(mechanism.get('x_ray_goggles', 'X-Ray Goggles'))}</b>: "
            f"the top {len(top)} card{'s' if len(top) != 1 else ''} of the Component Deck, top first: {cards}</div>"
        )
    if "deck_counts" in obs:
        left = [
            f"{count} {escape(name)}"
            for name, count in zip(obs["components"], obs["deck_counts"], strict=True)
            if count
        ]
        lines.append(
            f"<div class='mnm-deck-counts'><b>{escape(mechanism.get('analytical_almanac', 'Analytical Almanac'))}</b>: "
            f"left in the Component Deck ({obs['deck_size']} cards): {', '.join(left) or 'none'}</div>"
        )
    mine = obs["built"][obs["seat"]]

    def source(key: str) -> str:
        return f" ({mechanism.get(key, key)})" if key in mine else ""

    discount = max((v - p for v, p in zip(obs["values"], obs["prices"], strict=True)), default=0)
    if discount:
        lines.append(
            f"<div class='mnm-prices'>Purchases cost {discount} cog{'s' if discount != 1 else ''} less than a card's "
            f"value{escape(source('rocket_booster'))}: the market shows these prices</div>"
        )
    if obs["set_bonus"]:
        lines.append(
            f"<div class='mnm-set-bonus'>Each card in a set you sell earns {obs['set_bonus']} extra "
            f"cog{'s' if obs['set_bonus'] != 1 else ''}{escape(source('difference_engine'))}</div>"
        )
    if not lines:
        return ""
    if label == "you":
        whose = "What your mechanisms show you (no other seat sees this)"
    else:
        whose = f"What seat {obs['seat']}'s mechanisms show (only seat {obs['seat']} sees this)"
    return f"<b>{escape(whose)}</b>{''.join(lines)}"


def _seats_html(obs: mnm.Observation, labels: Sequence[str], mover: int | None) -> str:
    names = obs["mechanism_names"]
    rows = []
    for seat, cogs in enumerate(obs["cogs"]):
        who = labels[seat]
        built = ", ".join(names[key] for key in obs["built"][seat]) or "—"
        laid = obs["built_cards"][seat]
        cards = ", ".join(f"{n} {obs['components'][c]}" for c, n in enumerate(laid) if n) or "—"
        marker = " ★" if seat == obs["first_player"] else ""
        bold = "font-weight:bold;" if seat == mover else ""
        rows.append(
            f"<tr style='{bold}'><td>seat {seat}{marker}</td><td>{escape(who)}</td>"
            f"<td class='mnm-cogs-{seat}'>{cogs}</td>"
            f"<td>{obs['hand_sizes'][seat]}</td><td>{escape(built)}</td><td>{escape(cards)}</td></tr>"
        )
    return (
        "<table class='mnm-seats' style='border-collapse:collapse'><tr><th>seat</th><th>player</th><th>cogs</th>"
        f"<th>cards in hand</th><th>built</th><th>cards in mechanisms</th></tr>{''.join(rows)}</table>"
        "<small>★ holds the First Player Marker</small>"
    )


def _sale_label(obs: mnm.Observation, sale: mnm.SellSet) -> str:
    value = obs["values"][sale.component]
    earned = mnm.set_value(sale.cards, value, obs["set_bonus"])
    scrap = f" + {sale.scrap} Scrap" if sale.scrap else ""
    return f"{sale.cards} {obs['components'][sale.component]}{scrap} at {value} → {earned} cogs"
