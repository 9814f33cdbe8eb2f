"""Binder launches: a fresh install of binder/requirements.txt runs every notebook and serves Lab and Voila.

Slow (a fresh venv, ~30-90 s) but part of the default run: it is the only check that the project installs
non-editable with its lab extra and that the notebooks run against that install.
"""

from __future__ import annotations

import http.client
import re
import time
import tomllib
import urllib.request
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version
from support.binder import simulate_binder
from support.notebooks import REPO_ROOT, committed_notebooks, write_notebook
from support.servers import JupyterServer, http_get, lab_server, voila_server

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


# -- pins: Binder installs the versions the tests passed with, all term ----------------------------------------
CONSTRAINTS = BINDER / "constraints.txt"


def _pins() -> dict[str, str]:
    pins: dict[str, str] = {}
    for line in CONSTRAINTS.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            requirement = Requirement(line)
            specifiers = list(requirement.specifier)
            assert len(specifiers) == 1 and specifiers[0].operator == "==", f"not an exact pin: {line!r}"
            assert not requirement.marker and not requirement.extras, f"a pin is a name and a version: {line!r}"
            name = canonicalize_name(requirement.name)
            assert name not in pins, f"{name} pinned twice"
            pins[name] = specifiers[0].version
    return pins


def test_binder_installs_the_project_with_the_pins() -> None:
    lines = [line.strip() for line in (BINDER / "requirements.txt").read_text().splitlines()]
    assert "-c constraints.txt" in lines, "binder/requirements.txt must read the pins: -c constraints.txt"
    assert (REPO_ROOT / "scripts" / "refresh_binder_pins.py").is_file()
    assert '-c "$constraints"' in (REPO_ROOT / "scripts" / "bootstrap.sh").read_text(), (
        "make lab and make test install with the same pins"
    )


def test_every_dependency_of_playbook_and_its_lab_extra_is_pinned_exactly() -> None:
    pyproject = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text())["project"]
    pins = _pins()
    declared = [Requirement(r) for r in [*pyproject["dependencies"], *pyproject["optional-dependencies"]["lab"]]]
    assert declared
    for requirement in declared:
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{requirement.name} (from pyproject.toml) is not pinned in binder/constraints.txt"
        version = Version(pins[name])
        assert requirement.specifier.contains(version, prereleases=True), (
            f"{name}=={version} contradicts pyproject.toml's {requirement}"
        )
    assert "playbook" not in pins, "the project itself is installed from the checkout (.[lab]), not pinned"


def test_the_pins_are_closed_under_the_installed_packages_requirements() -> None:
    """What each pinned package needs here (markers as on Binder: Linux, this Python) is pinned as well."""
    pins = _pins()
    for name, version in pins.items():
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        if dist.version != version:
            continue  # this venv has another version: its requirements say nothing about the pinned one
        for line in dist.requires or []:
            requirement = Requirement(line)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                assert canonicalize_name(requirement.name) in pins, f"{name} needs {requirement}, which is not pinned"


@pytest.mark.slow
def test_binder_install_runs_notebooks_and_serves_lab_and_voila(tmp_path: Path) -> None:
    report = simulate_binder(tmp_path)
    expected = [str(p.relative_to(REPO_ROOT)) for p in committed_notebooks()]
    assert report.executed == expected
    assert report.fetched and all(status == 200 for status in report.fetched.values()), report.fetched
    print(f"binder simulation ({report.installer}): {report.timings}")


# -- the project's Jupyter config (etc/jupyter/, on JUPYTER_CONFIG_PATH for make lab, make voila and Binder) --
CONFIG_DIR = REPO_ROOT / "etc" / "jupyter"
CULLING = re.compile(r"Culling kernels with idle durations > (\d+) seconds at (\d+) second intervals")


def _wait_for_log(server: JupyterServer, pattern: re.Pattern[str], timeout: float = 120.0) -> re.Match[str]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = pattern.search(server.log_tail(400))
        if found:
            return found
        time.sleep(0.2)  # polling the server's log for a state change, not a fixed wait
    raise AssertionError(f"{pattern.pattern!r} not in the log:\n{server.log_tail()}")


def test_voila_with_the_project_config_culls_idle_kernels(tmp_path: Path) -> None:
    notebook = write_notebook(tmp_path / "tiny.ipynb", [("markdown", "# Tiny"), ("code", "1 + 1")])
    with voila_server(notebook, config_path=[CONFIG_DIR]) as app:
        status, _ = http_get(app.url(), timeout=120)  # renders the notebook: starts a kernel and the culler
        assert status == 200
        found = _wait_for_log(app, CULLING)
        assert (int(found.group(1)), int(found.group(2))) == (600, 60)
        _wait_for_log(app, re.compile("Culling kernels even with connected clients"))


def test_lab_with_the_project_config_culls_idle_kernels(tmp_path: Path) -> None:
    with lab_server(tmp_path, config_path=[CONFIG_DIR]) as lab:
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        request = urllib.request.Request(lab.url("api/kernels"), data=b"{}", method="POST")
        with opener.open(request, timeout=120) as response:
            assert response.status == 201
        found = _wait_for_log(lab, CULLING)
        assert (int(found.group(1)), int(found.group(2))) == (300, 60)
        connection = http.client.HTTPConnection("127.0.0.1", lab.port, timeout=60)
        connection.request("GET", "/")
        response = connection.getresponse()
        assert response.status in (301, 302)
        assert response.getheader("Location", "").split("?")[0].endswith("/lab/tree/notebooks/index.ipynb")
        connection.close()
