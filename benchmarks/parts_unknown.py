"""Issue 20's figures for Parts Unknown beside their goals (engine, bots, tournament) and what limits it now.

Run: ``.venv/bin/python benchmarks/parts_unknown.py [--budget S] [--bot-games N] [--no-tournament]``: ``engine.py`` for
this game alone (see its docstring for what each figure measures and why ratios are the figures to compare).
"""

from __future__ import annotations

import engine

if __name__ == "__main__":
    engine.main(("parts_unknown",))
