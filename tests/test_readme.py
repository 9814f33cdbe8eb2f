"""The README's examples run as written: a reader who pastes them gets what the README says."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_every_python_example_in_the_readme_runs_in_order() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    assert len(blocks) >= 4
    namespace: dict[str, object] = {"__name__": "__main__"}
    for block in blocks:
        exec(compile(block, str(README), "exec"), namespace)
    results = namespace["results"]
    assert len(results) == 4000  # type: ignore[arg-type]
