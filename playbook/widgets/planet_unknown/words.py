"""Planet Unknown's words: gains, civ cards, techs, objectives, events and actions as a player reads them."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

from playbook.charts import planet_unknown as pu_charts
from playbook.core.protocol import Action, Event
from playbook.games import planet_unknown as pu
from playbook.games.planet_unknown import economy
from playbook.games.planet_unknown.actions import choice_words
from playbook.games.planet_unknown.events import END_WORDS as END_REASON_WORDS
from playbook.games.planet_unknown.events import PlanetUnknownEvent, square_words
from playbook.games.planet_unknown.plugin import ACTION_WORDS

from .tiles import TERRAINS, rotation_depot, tile_terrains

#: What a pending gain lets the seat do, past the name the engine gives its choice (``pu.CHOICE_WORDS``): the
#: view's hint under the choice buttons; a gain without one is named alone.
GAIN_HINTS: dict[pu.Gain, str] = {
    pu.Gain.SYNERGY: "advance any tracker once",
    pu.Gain.ENERGY: "advance a track next to the energy area",
    pu.Gain.ROVER: "place it on a square of the tile you just placed",
    pu.Gain.BIOMASS: "place it on a free square next to your tiles",
    pu.Gain.LIFEPOD_SLOT: "put it on a locked tech slot or in the scoring area",
    pu.Gain.SHARED_OBJECTIVE: "choose an objective every player competes for",
    pu.Gain.DOUBLE_SYNERGY: "a synergy advances one tracker twice",
    pu.Gain.TECH_AS_ENERGY: "the tech symbol as energy: advance a track next to the tech square",
    pu.Gain.ROW: "every benefit of the row at one tracker's height",
    pu.Gain.PLACE_LIFEPOD: "place it on an empty track space or in the scoring area",
    pu.Gain.BIOMASS_SPACE: "choose a space of the new row",
    pu.Gain.FLUX_TRACK: "choose it",
    pu.Gain.TRACKER_STEP: "straight up or diagonally onto a neighbouring track",
    pu.Gain.TRACKER_REGRESS: "move a tracker back",
}
#: A pending gain (by its name in the observation) as the table shows it: the engine's name, then the hint.
GAIN_WORDS = {
    gain.name.lower(): choice_words(gain) + (f": {GAIN_HINTS[gain]}" if gain in GAIN_HINTS else "") for gain in pu.Gain
}
CIV_EFFECT_WORDS = {
    "advance_different": "now: advance {v} different trackers",
    "advance_twice": "now: advance one tracker {v} times",
    "biomass": "now: gain {v} biomass patch(es)",
    "movement": "now: {v} rover moves",
    "extra_tile": "now: place an extra tile from your depot",
    "medals": "end of game: {v} points",
    "collect_lifepods": "now: collect lifepods",
    "teleport": "now: teleport a rover",
    "clear_line": "now: clear the meteorites of a row or column",
    "unionization": "end of game: points for your civ cards",
    "medal_per_patch": "end of game: {v} point(s) per biomass patch",
    "medals_and_advance": "now: advance; end of game: {v} points",
    "destroy_meteorites": "now: destroy {v} meteorites",
    "lifepods_double": "end of game: lifepods score double",
    "meteorite_repo": "end of game: meteorites score double",
    "commerce": "end of game: points by how many commerce cards you hold",
}
TECH_WORDS = {
    "ignore_adjacency": "tiles need not touch your other tiles",
    "store_biomass": "you may store biomass patches",
    "rover_movement_plus_one": "+1 rover movement",
    "double_water": "water on ice advances twice",
    "meteor_shield": "no meteorites from your tiles",
}
PRIVATE_WORDS = {
    "square3": "a 3x3 square of {what} terrain",
    "area_symbols": "{n} {what} symbols in one {what} area",
    "rect2x5": "a 2x5 rectangle of {what} terrain",
    "track_top": "the {what} tracker at the top",
    "max_energy_symbols": "at most {n} energy symbols on the planet",
    "meteorites": "at least {n} meteorites collected",
    "lifepods_over_meteorites": "more lifepods than meteorites collected",
    "ice_covered": "every ice square covered",
    "land_covered": "every land square covered",
}
NEIGHBOUR_WORDS = {
    "edge_symbols": "most {what} symbols on the edge",
    "largest_area": "the largest {what} area",
    "areas": "most {what} areas",
    "fewest_symbols": "fewest {what} symbols",
    "tracks_at_top": "most trackers at the top",
    "most_meteorites": "most meteorites collected",
    "most_lifepods": "most lifepods collected",
    "fewest_meteorites": "fewest meteorites collected",
    "fewest_lifepods": "fewest lifepods collected",
}
PHASE_WORDS = {
    "objectives": "keeping private objectives",
    "rotate": "turning the station",
    "event": "the event card",
    "place": "placing tiles",
    "civ": "taking civ cards",
    "end": "end of the game",
    "over": "game over",
}
END_WORDS = END_REASON_WORDS
POINT_WORDS = {key: label for key, label, _ in pu_charts.POINT_SOURCES}

RULES_IN_BRIEF = """
<ul style='margin:4px 0;padding-left:18px'>
<li>Each round every seat takes one of the two tiles in the depot it faces and places it on its 12x12 planet:
the first tile on the edge, the rest touching your tiles, never overlapping or off the planet.</li>
<li>Each tile shows two terrains; each terrain with a symbol advances its tracker one step (civ, water,
biomass, rover, tech). Water counts only if water covers at least one ice square.
Energy has no track: it advances the tile's other resource or a terrain next to the energy area.</li>
<li>Milestones on the tracks pay at once: civ cards (first come, first served: players + 1 per rank),
new rovers and rover moves, biomass patches, techs, synergy (advance any tracker).</li>
<li>A rover that drives onto a lifepod or meteorite collects it; a tile placed on a lifepod or rover
destroys it. Tiles with a meteorite symbol drop a meteorite on the planet.</li>
<li>The game ends after the round in which someone cannot place a tile or a depot runs empty. Points:
complete rows and columns with no meteorite (1-3 each), the best medal on each track, 1 per lifepod,
1 per 3 meteorites, civ cards, and objectives against your neighbours.</li>
<li>An asymmetric corporation or planet changes some of this for its seat (its own tracks, medals and
techs; its own map and rule): that seat's corporation board and planet on the table show what differs.</li>
</ul>
"""


# -- yields -------------------------------------------------------------------------------------------------
def yield_words(y: economy.Yield) -> str:
    """What a placement gives now, in words: advances per track, the energy choice, what it costs."""
    parts = [f"{TERRAINS[t]} +{n}" for t, n in enumerate(y.advances) if n]
    if y.energy_options:
        parts.append("energy: +1 to " + " or ".join(TERRAINS[t] for t in y.energy_options))
    text = ", ".join(parts) or "no advance"
    extras = []
    if y.water_lost:
        extras.append("no water: the water does not cover ice")
    if y.meteorite >= 0:
        extras.append("a meteorite lands")
    if y.lifepods_destroyed:
        extras.append(f"{y.lifepods_destroyed} lifepod(s) destroyed")
    if y.rovers_destroyed:
        extras.append(f"{y.rovers_destroyed} rover(s) destroyed")
    return text + ("; " + "; ".join(extras) if extras else "")


# -- events in words -----------------------------------------------------------------------------------------
def _square_words(square: int) -> str:
    return square_words(square)


YOU_VERBS = {"keeps": "keep", "is": "are", "places": "place", "takes": "take", "loses": "lose", "turns": "turn"}


def _you(text: str) -> str:
    """Second person for "you": "you keeps" -> "You keep"; sentences start with a capital."""
    if text.startswith("you "):
        verb = text.split(" ", 2)[1]
        text = "you " + YOU_VERBS.get(verb, verb) + text[len("you ") + len(verb) :]
    return text[:1].upper() + text[1:]


def event_words(event: Event, name: Any) -> str | None:
    """One event as a sentence, naming seats with ``name(seat)``; ``None`` for events not worth a line."""
    prefix = f"Round {getattr(event, 'round', '')}: "
    text = _event_text(event, name)
    return None if text is None else prefix + _you(text)


def _event_text(event: Event, name: Any) -> str | None:
    """The event's own sentence (``sentence(name)``, the engine's words) with the view's seat names; ``None`` for a
    tile taken to be placed (the placement says it) and for an event of another game."""
    if isinstance(event, pu.TileTaken) and event.placed:
        return None
    if isinstance(event, PlanetUnknownEvent):
        return event.sentence(lambda seat: str(name(seat)))
    return None


def _token_text(event: pu.TokenMoved, name: Any) -> str:
    return event.sentence(lambda seat: str(name(seat)))


def _winners_words(winners: Sequence[int], name: Any) -> str:
    """Who won, for the table's game-over line: "you win", "seat 1 wins" (the log uses the event's sentence)."""
    if not winners:
        return "nobody wins"
    if len(winners) == 1:
        who = str(name(winners[0]))
        return f"{who} {'win' if who == 'you' else 'wins'}"
    return " and ".join(str(name(s)) for s in winners) + " share the victory"


def _action_words(action: Action, rules: pu.Rules, state: Any) -> str:
    """An action as a person reads it (button labels and the status line): the engine's ``describe``, except
    where the view knows more than the action holds: the tile's shape, the civ card and the objectives from the
    rules, the depot a rotation faces from the observation, a corporation plug-in's own words."""
    if isinstance(action, pu.PlaceTile):
        text = f"place the {rules.c.stack_shapes[action.stack]} tile at row {action.row}, column {action.col}"
        if action.skip >= 0 and state is not None:
            tile = state.observation(int(state.current_player or 0))["stack_tops"][action.stack]
            if tile is not None:
                other = tile_terrains(rules, int(tile))[1 - action.skip]
                text += f", advancing only {TERRAINS[other]}"
        return text
    if isinstance(action, pu.TakeTile):
        return f"take the {rules.c.stack_shapes[action.stack]} tile without placing it (the game will end)"
    if isinstance(action, pu.ChooseCivCard):
        card = rules.c.civ_card(action.card)
        effect = CIV_EFFECT_WORDS.get(card.effect, card.effect.replace("_", " ")).format(v=card.value)
        return f"take {card.name} (rank {card.rank}; {effect})"
    if isinstance(action, pu.Rotate) and state is not None:
        observation = state.observation(int(state.current_player or 0))
        return f"turn the station so that you face depot {rotation_depot(observation, action)}"
    return _plugin_words(action, rules, state) or _more_words(action, rules)


def _plugin_words(action: Action, rules: pu.Rules, state: Any) -> str:
    """An action of a corporation plug-in's own kind in its words, for the acting seat's corporation (Wormhole:
    what the chosen space of the biomass row gives); "" for any other action."""
    words = ACTION_WORDS.get(type(action))
    if words is None or state is None:
        return ""
    seat = int(state.current_player or 0)
    return words(rules.corporation(seat), action)


def _more_words(action: Action, rules: pu.Rules) -> str:
    if isinstance(action, pu.KeepObjectives):
        return "keep: " + "; ".join(objective_words(rules, card) for card in action.cards)
    if isinstance(action, pu.DiscardObjective):
        return f"destroy the objective: {objective_words(rules, action.card)}"
    return pu.describe(action)


def objective_words(rules: pu.Rules, card: int, *, private: bool = True) -> str:
    """An objective card's private (or neighbour) side in words."""
    objective = rules.c.objective(card)
    kind, what = (
        (objective.private, objective.private_what) if private else (objective.neighbour, objective.neighbour_what)
    )
    template = (PRIVATE_WORDS if private else NEIGHBOUR_WORDS).get(kind, kind.replace("_", " "))
    numbers = dict(rules.c.objective_numbers)
    return template.format(what=what, n=numbers.get(kind, ""))


def html_text(markup: str) -> str:
    """The visible text of some HTML (for tests and the browser twin)."""
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip())
