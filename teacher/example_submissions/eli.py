"""Eli's strategy: never finished (a syntax error: the file cannot even be loaded)."""

import playbook


@playbook.strategy(name="unfinished")
def choose(observation, legal_actions, rng)
    return legal_actions[0]
