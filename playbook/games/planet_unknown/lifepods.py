"""Where a collected lifepod goes, called from ``planet.collect_at`` once the lifepod has joined
``lifepods_collected`` (the scoring area), and who chooses the one event 114 takes.

By default (every corporation but two) it stays in the scoring area and scores there. A corporation that puts
it elsewhere says so in its plug-in (``plugin.CorporationPlugin.lifepod_collected``; data hook ``lifepods``):
Cosmos Inc. onto an empty track space, Jump Drive onto a tech slot not yet unlocked.

A lifepod moved elsewhere leaves ``lifepods_collected``, so that field always counts the scoring area: lifepod
points, civ 28, event 114 and the lifepod objectives read it unchanged (hook ``lifepod_scoring =
"scoring_area_only"`` needs no code of its own).
"""

from __future__ import annotations

from .plugin import rules_of
from .work import Work


def on_collected(w: Work, seat: int) -> None:
    """A lifepod was just collected by ``seat`` (rover, civ 13/18, event 82)."""
    collected = rules_of(w.corporations[seat]).lifepod_collected
    if collected is not None:
        collected(w, seat)


def lose(w: Work, seat: int) -> bool:
    """Event 114 takes one collected lifepod: ``True`` if the corporation decides which (Cosmos, with lifepods
    on its tracks), ``False`` for the standard loss (one from the scoring area)."""
    lost = rules_of(w.corporations[seat]).lifepod_lost
    return lost is not None and lost(w, seat)
