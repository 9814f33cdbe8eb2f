"""Binder launches: a fresh install of binder/requirements.txt runs every notebook and serves Lab and Voila.

Slow (a fresh venv, ~30-90 s) but part of the default run: it is the only check that the project installs
non-editable with its lab extra and that the notebooks run against that install.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import subprocess
import sys
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


# -- Binder serves the student edition: postBuild builds it and points Jupyter's root at it ----------------------
def _binder_build(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A copy of what postBuild reads, built as Binder builds it (this venv's python first on PATH)."""
    repo = tmp_path / "repo"
    for folder in ("binder", "scripts", "notebooks", "widgets", "etc", "docs"):
        shutil.copytree(REPO_ROOT / folder, repo / folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    bin_dir = Path(sys.executable).parent
    env = {key: value for key, value in os.environ.items() if not key.startswith("JUPYTER_")}
    env.update({"PATH": f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", "HOME": str(tmp_path / "home"),
                "JUPYTER_CONFIG_DIR": str(tmp_path / "home" / ".jupyter")})  # fmt: skip
    subprocess.run(["bash", str(repo / "binder" / "postBuild")], cwd=repo, env=env, check=True, timeout=600)
    return repo, env


def test_binder_builds_the_student_edition_and_opens_it(tmp_path: Path) -> None:
    repo, env = _binder_build(tmp_path)
    student = repo / "build" / "student"
    lessons = sorted(p.name for p in (REPO_ROOT / "notebooks").glob("*.ipynb"))
    assert sorted(p.name for p in (student / "notebooks").glob("*.ipynb")) == lessons
    assert sorted(p.name for p in (student / "widgets").glob("*.ipynb")) == sorted(
        p.name for p in (REPO_ROOT / "widgets").glob("*.ipynb")
    )
    for name in lessons:
        text = (student / "notebooks" / name).read_text()
        for marker in ("### BEGIN SOLUTION", "### BEGIN HIDDEN TESTS", '"teacher"'):
            assert marker not in text, f"Binder's {name} holds {marker}"
    # What Binder's JupyterLab resolves at launch (start puts etc/jupyter/ on the path): the student root, the index.
    done = subprocess.run(
        ["bash", str(repo / "binder" / "start"), "jupyter", "lab", "--show-config-json"],
        cwd=repo, env=env, capture_output=True, text=True, check=True, timeout=120,
    )  # fmt: skip
    server = json.loads(done.stdout)["ServerApp"]
    assert Path(server["root_dir"]) == student.resolve()
    assert server["default_url"] == "/lab/tree/notebooks/index.ipynb"
    assert (student / "notebooks" / "index.ipynb").is_file()


def test_binder_keeps_other_settings_in_the_users_config(tmp_path: Path) -> None:
    config_dir = tmp_path / "home" / ".jupyter"
    config_dir.mkdir(parents=True)
    (config_dir / "jupyter_server_config.json").write_text('{"ServerApp": {"port": 9999}, "Other": {"x": 1}}')
    student = tmp_path / "build" / "student"
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(config_dir)}
    script = [sys.executable, str(REPO_ROOT / "scripts" / "student_server_config.py"), str(student)]
    refused = subprocess.run(script, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert refused.returncode != 0 and "build the student edition first" in refused.stderr
    (student / "notebooks").mkdir(parents=True)
    (student / "notebooks" / "index.ipynb").write_text("{}")
    subprocess.run(script, env=env, capture_output=True, text=True, timeout=60, check=True)
    config = json.loads((config_dir / "jupyter_server_config.json").read_text())
    assert config == {"ServerApp": {"port": 9999, "root_dir": str(student.resolve())}, "Other": {"x": 1}}
