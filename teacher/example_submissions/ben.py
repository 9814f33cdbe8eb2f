"""Ben's strategy: price in the middle of each card's column and draw two cards a turn."""

import playbook
from playbook.games.parts_unknown.agents import Shopkeeper


class MiddleShelf(Shopkeeper):
    draws = 2

    def price_step(self, obs, card):
        return 2  # the middle of the column: not the dearest, not the cheapest


_middle = MiddleShelf()


@playbook.strategy(name="middle shelf", description="Prices at the middle step and draws two cards a turn.")
def choose(observation, legal_actions, rng):
    return _middle.choose(observation, legal_actions, rng)
