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
from playbook.games.planet_unknown.plugin import ACTION_WORDS

from .tiles import SIDE, TERRAINS, rotation_depot, tile_terrains

GAIN_WORDS = {
    "synergy": "Synergy: advance any tracker once",
    "energy": "Energy: advance a track next to the energy area",
    "rover": "New rover: place it on a square of the tile you just placed",
    "biomass": "Biomass patch: place it on a free square next to your tiles",
    "different": "Advance different trackers",
    "twice": "Advance one tracker twice",
    "teleport": "Teleport a rover",
    "line": "Clear the meteorites of a row or column",
    "meteorites": "Destroy meteorites",
    "extra_tile": "Place an extra tile",
    "one_of": "Advance one of these trackers",
    "three_no_benefit": "Three steps without benefits",
    "regress": "Move a tracker back",
    "add_meteorite": "Add a meteorite",
    "destroy_rover": "Destroy one of your rovers",
    "destroy_lifepod": "Destroy a lifepod",
    "synergy_or_peek": "Synergy, or peek at the next event",
    "any_track": "Advance any tracker",
    "rotate": "Turn the station",
    "discard_objective": "Destroy an objective",
    "remove_shape": "Remove a shape from the station",
    "stored_biomass": "Place a stored biomass patch",
    # the corporations' own decisions (issue 14)
    "collect_lifepod": "Collect a lifepod",
    "collect_meteorite": "Collect a meteorite",
    "destroy_carried": "Destroy the carried meteorite (you may decline)",
    "lifepod_slot": "Lifepod: put it on a locked tech slot or in the scoring area",
    "shared_objective": "Tech 6: choose an objective every player competes for",
    "double_synergy": "Tech 3: a synergy advances one tracker twice",
    "tech_as_energy": "Tech 4: the tech symbol as energy: advance a track next to the tech square",
    "row": "Tech 5: every benefit of the row at one tracker's height",
    "place_lifepod": "Lifepod: place it on an empty track space or in the scoring area",
    "move_lifepods": "Move collected lifepods",
    "lose_lifepod": "Lose a collected lifepod",
    "biomass_space": "Biomass: choose a space of the new row",
    "flux_track": "Flux track: choose it",
    "tracker_step": "Tracker step: straight up or diagonally onto a neighbouring track",
    "tracker_regress": "Tech 4: move a tracker back",
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
END_WORDS = {
    "cannot_place": "a player could not place a tile",
    "depot_empty": "a depot was emptied",
    "last_event": "the last event card was drawn",
}
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
    return f"row {square // SIDE}, column {square % SIDE}"


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


def _event_text(event: Event, name: Any) -> str | None:  # noqa: C901
    if isinstance(event, pu.TilePlaced):
        terrains = " and ".join(dict.fromkeys(TERRAINS[t] for t in event.terrains))
        rock = f"; a meteorite lands on {_square_words(event.meteorite)}" if event.meteorite >= 0 else ""
        article = "an" if event.shape[0].upper() in "AEFHILMNORSX" else "a"
        where = f"row {event.row}, column {event.col}"
        return f"{name(event.seat)} places {article} {event.shape} tile ({terrains}) at {where}{rock}"
    if isinstance(event, pu.TrackerMoved):
        reason = event.reason.replace("_", " ")
        return f"{name(event.seat)}: {TERRAINS[event.track]} tracker {event.start} → {event.end} ({reason})"
    if isinstance(event, pu.TokenMoved):
        return _token_text(event, name)
    if isinstance(event, pu.CivCardTaken):
        return f"{name(event.seat)} takes the civ card {event.name} (rank {event.rank})"
    if isinstance(event, pu.StationRotated):
        return f"{name(event.seat)} turns the station"
    if isinstance(event, pu.RoundStarted):
        return f"{name(event.commander)} is the station commander"
    if isinstance(event, pu.GainLost):
        return f"{name(event.seat)} loses a {event.gain.replace('_', ' ')} (nothing it could do)"
    if isinstance(event, pu.TileTaken):
        return None if event.placed else f"{name(event.seat)} cannot place and takes a tile without placing it"
    if isinstance(event, pu.EndTriggered):
        return f"the game ends after this round: {END_WORDS.get(event.reason, event.reason.replace('_', ' '))}"
    if isinstance(event, pu.GameEnded):
        scores = ", ".join(f"{name(s)} {score}" for s, score in enumerate(event.scores))
        return f"game over: {scores}; {_winners_words(event.winners, name)}"
    if isinstance(event, pu.EventRevealed):
        return f"event card {event.card} ({event.colour}): {event.effect.replace('_', ' ')}"
    if isinstance(event, pu.ObjectivesKept):
        return f"{name(event.seat)} keeps {event.count} private objective(s)"
    return None


def _token_text(event: pu.TokenMoved, name: Any) -> str:
    token = "biomass patch" if event.token == "patch" else event.token
    if event.verb == "moved":
        return f"{name(event.seat)}: rover moves from {_square_words(event.start)} to {_square_words(event.end)}"
    where = event.end if event.end >= 0 else event.start
    at = f" at {_square_words(where)}" if where >= 0 else ""
    return f"{name(event.seat)}: {token} {event.verb}{at}"


def _winners_words(winners: Sequence[int], name: Any) -> str:
    if not winners:
        return "nobody wins"
    if len(winners) == 1:
        who = str(name(winners[0]))
        return f"{who} {'win' if who == 'you' else 'wins'}"
    return " and ".join(str(name(s)) for s in winners) + " share the victory"


def _action_words(action: Action, rules: pu.Rules, state: Any) -> str:  # noqa: C901
    """An action as a person reads it (button labels and the status line)."""
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
    if isinstance(action, pu.ChooseTrack):
        gain = action.gain.name.lower()
        verb = {"regress": "move back", "tracker_regress": "move back", "flux_track": "choose"}.get(gain, "advance")
        words = GAIN_WORDS.get(gain, gain.replace("_", " ").capitalize()).split(":")[0]
        return f"{words}: {verb} {TERRAINS[action.track]}"
    if isinstance(action, pu.ChooseSquare):
        gain = action.gain.name.lower()
        words = GAIN_WORDS.get(gain, gain.replace("_", " ").capitalize()).split(":")[0]
        return f"{words} at {_square_words(action.row * SIDE + action.col)}"
    if isinstance(action, pu.MoveRover | pu.TeleportRover):
        verb = "move" if isinstance(action, pu.MoveRover) else "teleport"
        start = _square_words(action.row * SIDE + action.col)
        return f"{verb} the rover from {start} to {_square_words(action.to_row * SIDE + action.to_col)}"
    if isinstance(action, pu.ChooseCivCard):
        card = rules.c.civ_card(action.card)
        effect = CIV_EFFECT_WORDS.get(card.effect, card.effect.replace("_", " ")).format(v=card.value)
        return f"take {card.name} (rank {card.rank}; {effect})"
    if isinstance(action, pu.StopRovers):
        return "stop moving rovers"
    if isinstance(action, pu.StorePatch):
        return "store the biomass patch for later"
    if isinstance(action, pu.Rotate):
        return _rotate_words(action, state)
    if isinstance(action, pu.ClearLine):
        return f"clear the meteorites of {'row' if action.axis == 0 else 'column'} {action.index}"
    return _plugin_words(action, rules, state) or _more_words(action, rules)


def _plugin_words(action: Action, rules: pu.Rules, state: Any) -> str:
    """An action of a corporation plug-in's own kind in its words, for the acting seat's corporation (Wormhole:
    what the chosen space of the biomass row gives); "" for any other action."""
    words = ACTION_WORDS.get(type(action))
    if words is None or state is None:
        return ""
    seat = int(state.current_player or 0)
    return words(rules.corporation(seat), action)


#: The name ``widgets/planet_unknown/__init__.py`` re-exports (Wormhole's biomass space was the first such action).
_biomass_space_words = _plugin_words


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


def _rotate_words(action: pu.Rotate, state: Any) -> str:
    if state is None:
        return f"turn the station to position {action.rotation}"
    observation = state.observation(int(state.current_player or 0))
    return f"turn the station so that you face depot {rotation_depot(observation, action)}"


def html_text(markup: str) -> str:
    """The visible text of some HTML (for tests and the browser twin)."""
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip())
