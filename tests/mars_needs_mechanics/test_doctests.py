"""The rulebook functions' and teaching helpers' doctests (examples quoted from the rulebook) hold."""

from __future__ import annotations

import doctest

import pytest

from playbook.games.mars_needs_mechanics import economy, rulebook


@pytest.mark.parametrize("module", [rulebook, economy])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0
