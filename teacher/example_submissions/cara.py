"""Cara's strategy: a plan of how many cards to draw each round, written for a game of 40 rounds.

It has a bug: a game that runs past round 40 reads past the end of the plan and raises IndexError, so
Cara forfeits the long games (the class tournament reports it and goes on).
"""

import playbook
from playbook.games.parts_unknown.agents import Shopkeeper

PLAN = [3] * 15 + [2] * 15 + [1] * 10  # cards to draw in rounds 1-40

_shop = Shopkeeper()


@playbook.strategy(name="planner", description="Draws by a plan: three cards early, one late.")
def choose(observation, legal_actions, rng):
    wanted = PLAN[observation["round"] - 1]  # IndexError after round 40
    for action in legal_actions:
        if type(action).__name__ == "Draw" and action.count == wanted and observation["drawn"] == 0:
            return action
    return _shop.choose(observation, legal_actions, rng)
