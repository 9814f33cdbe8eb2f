"""Dev's strategy: waits for the perfect moment, which never comes (an endless loop in every decision).

The class tournament stops each decision at its time limit, records the game as Dev's forfeit, and after a
few such games withdraws Dev from the rest.
"""

import playbook


@playbook.strategy(name="perfectionist", description="Thinks about every move for ever.")
def choose(observation, legal_actions, rng):
    while True:
        pass
