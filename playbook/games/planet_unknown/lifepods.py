"""Where a collected lifepod goes: the one dispatch point on the corporation's ``lifepods`` hook
(``data/corporations.toml``), called from ``planet.collect_at`` once the lifepod has joined
``lifepods_collected`` (the scoring area).

- ``"scoring_area"`` (every corporation but two): it stays in the scoring area and scores there;
- ``"track_space"`` (Cosmos Inc., ``cosmos.py``): the player may move it onto an empty track space;
- ``"tech_slot"`` (Jump Drive, ``jump_drive.py``): onto a tech slot not yet unlocked.

A lifepod moved elsewhere leaves ``lifepods_collected``, so that field always counts the scoring area: lifepod
points, civ 28, event 114 and the lifepod objectives read it unchanged (hook ``lifepod_scoring =
"scoring_area_only"`` needs no code of its own).
"""

from __future__ import annotations

from . import cosmos, jump_drive
from .work import Work


def on_collected(w: Work, seat: int) -> None:
    """A lifepod was just collected by ``seat`` (rover, civ 13/18, event 82)."""
    where = w.corporations[seat].hook("lifepods")
    if where == "track_space":
        cosmos.collected(w, seat)
    elif where == "tech_slot":  # Jump Drive
        jump_drive.lifepod_collected(w, seat)


def lose(w: Work, seat: int) -> bool:
    """Event 114 takes one collected lifepod: ``True`` if the corporation decides which (Cosmos, with lifepods
    on its tracks), ``False`` for the standard loss (one from the scoring area)."""
    if w.corporations[seat].hook("lifepods") == "track_space":
        return cosmos.lose(w, seat)
    return False
