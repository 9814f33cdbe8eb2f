"""Ana's strategy: undercut the cheapest rival, but keep more money back for the auctions."""

import playbook
from playbook.games.parts_unknown.agents import Undercutter

GAME = "parts_unknown"


class CarefulUndercutter(Undercutter):
    reserve = 20  # the built-in keeps 8 dollars back


_careful = CarefulUndercutter()


@playbook.strategy(name="careful undercutter", description="Undercuts rivals and keeps 20 dollars in reserve.")
def choose(observation, legal_actions, rng):
    return _careful.choose(observation, legal_actions, rng)
