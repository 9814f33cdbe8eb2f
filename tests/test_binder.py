"""Binder launches: a fresh install of binder/requirements.txt runs every notebook and serves Lab and Voila.

Slow (a fresh venv, ~30-90 s) but part of the default run: it is the only check that the project installs
non-editable with its lab extra and that the notebooks run against that install.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from support.binder import simulate_binder
from support.notebooks import REPO_ROOT, committed_notebooks

BINDER = REPO_ROOT / "binder"


def test_binder_config_is_complete() -> None:
    requirements = [
        line.strip()
        for line in (BINDER / "requirements.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    # With binder/ present, repo2docker ignores pyproject.toml: the project itself must be named here.
    assert any(re.fullmatch(r"\.\[([a-z,]*\b)?lab\b[a-z,]*\]", r) for r in requirements), requirements
    runtime = (BINDER / "runtime.txt").read_text().strip()
    match = re.fullmatch(r"python-3\.(\d+)", runtime)
    assert match, f"runtime.txt must read python-3.X, not {runtime!r}"
    pyproject = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())
    minimum = re.search(r">=\s*3\.(\d+)", pyproject["project"]["requires-python"])
    assert minimum and int(match.group(1)) >= int(minimum.group(1)), "runtime.txt below requires-python"
    for script in ("postBuild", "start"):
        path = BINDER / script
        if path.exists():
            lines = path.read_text().splitlines()
            assert lines[0] == "#!/bin/bash", f"{script} needs a #!/bin/bash first line"
            assert "set -euo pipefail" in lines, f"{script} needs `set -euo pipefail` (errors are ignored otherwise)"
    start = BINDER / "start"
    if start.exists():
        assert 'exec "$@"' in start.read_text().strip().splitlines()[-1], 'start must end with exec "$@"'


@pytest.mark.slow
def test_binder_install_runs_notebooks_and_serves_lab_and_voila(tmp_path: Path) -> None:
    report = simulate_binder(tmp_path)
    expected = [str(p.relative_to(REPO_ROOT)) for p in committed_notebooks()]
    assert report.executed == expected
    assert report.fetched and all(status == 200 for status in report.fetched.values()), report.fetched
    print(f"binder simulation ({report.installer}): {report.timings}")
