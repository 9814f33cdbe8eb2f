"""Simulate a Binder (repo2docker) build and launch without Docker.

repo2docker, when ``binder/`` exists, ignores the root files and installs ``binder/requirements.txt`` from
the repository root, runs ``binder/postBuild``, and at every launch runs ``binder/start`` (if any) before
Jupyter. ``simulate_binder`` does the same in a temporary directory:

1. copies the repository as a clean clone would have it (no .venv, caches or build output);
2. makes a fresh venv (``uv venv`` + ``uv pip install`` when uv is on PATH, else venv + pip) and installs
   ``-r binder/requirements.txt`` from the copy's root;
3. runs ``binder/postBuild`` if present (bash, ``set -euo pipefail`` is required there);
4. executes every notebook of notebooks/ and widgets/ with that venv's ``jupyter nbconvert --execute``
   (through ``binder/start`` if present);
5. starts that venv's JupyterLab on the copy and fetches the Lab URL of the first notebook and the Voila
   URL of the first dashboard (``/lab`` and ``/voila/`` when there is none).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .notebooks import REPO_ROOT, committed_notebooks
from .servers import http_get, isolated_jupyter_env, lab_server

COPY_IGNORE = shutil.ignore_patterns(
    ".venv",
    "venv",
    ".git",
    "__pycache__",
    "*.pyc",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".hypothesis",
    ".ipynb_checkpoints",
    ".jupyter-tmp",
    "test-results",
    "build",
    "dist",
    "*.egg-info",
)
INSTALL_TIMEOUT = 900.0
NOTEBOOK_TIMEOUT = 600.0  # per notebook, as nbconvert's cell timeout and the process bound
VOILA_ERROR_MARKERS = ("There was an error when executing cell", "Traceback (most recent call last)")


@dataclass
class BinderReport:
    """What the simulation did, with timings in seconds."""

    installer: str = ""
    python: str = ""
    executed: list[str] = field(default_factory=list)
    fetched: dict[str, int] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)


def _run(
    argv: Sequence[str | Path], cwd: Path, env: dict[str, str], timeout: float
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [str(a) for a in argv],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if done.returncode != 0:
        raise AssertionError(
            f"{' '.join(map(str, argv))} exited {done.returncode}\n"
            f"--- stdout ---\n{done.stdout[-4000:]}\n--- stderr ---\n{done.stderr[-4000:]}"
        )
    return done


def find_uv() -> list[str] | None:
    """The command that runs uv: ``uv`` on PATH, or ``python -m uv``; None when neither works."""
    found = shutil.which("uv")
    if found:
        return [found]
    probe = subprocess.run(
        [sys.executable, "-m", "uv", "--version"], capture_output=True, text=True, timeout=30, check=False
    )
    return [sys.executable, "-m", "uv"] if probe.returncode == 0 else None


def copy_repository(source: Path, dest: Path) -> Path:
    shutil.copytree(source, dest, ignore=COPY_IGNORE, symlinks=True)
    return dest


def make_venv(repo: Path, venv: Path, report: BinderReport, env: dict[str, str]) -> Path:
    """Create venv and install ``-r binder/requirements.txt`` from repo's root; return its bin dir."""
    uv = find_uv()
    requirements = repo / "binder" / "requirements.txt"
    base_python = sys.executable  # Binder's runtime.txt asks for 3.11; uv cannot download interpreters here
    start = time.monotonic()
    if uv is not None:
        report.installer = "uv"
        _run([*uv, "venv", "--quiet", "--python", base_python, venv], repo, env, INSTALL_TIMEOUT)
        _run(
            [*uv, "pip", "install", "--quiet", "--python", venv / "bin" / "python", "-r", requirements],
            repo,
            env,
            INSTALL_TIMEOUT,
        )
    else:
        report.installer = "pip"
        _run([base_python, "-m", "venv", venv], repo, env, INSTALL_TIMEOUT)
        pip = [venv / "bin" / "python", "-m", "pip", "--disable-pip-version-check", "install", "--quiet"]
        _run([*pip, "-r", requirements], repo, env, INSTALL_TIMEOUT)
    report.timings["install"] = time.monotonic() - start
    return venv / "bin"


def simulate_binder(workdir: Path, source: Path = REPO_ROOT) -> BinderReport:
    """Run the whole simulation in workdir (which must exist and be empty); raise AssertionError on a failure."""
    report = BinderReport()
    repo = copy_repository(source, workdir / "repo")
    bin_dir = make_venv(repo, workdir / "venv", report, dict(os.environ))
    env = isolated_jupyter_env(workdir / "jupyter", bin_dir)
    env["HOME"] = str(workdir / "home")
    Path(env["HOME"]).mkdir(exist_ok=True)

    # The project is installed, not imported from the checkout, with the lab extra's tools.
    probe = _run(
        [
            bin_dir / "python",
            "-c",
            "import sys, playbook, ipywidgets, plotly, anywidget, jupyterlab, voila, ipykernel;"
            "print(sys.version_info[:2] >= (3, 11), playbook.__file__)",
        ],
        workdir,
        env,
        120,
    )
    ok, playbook_file = probe.stdout.split()
    assert ok == "True", probe.stdout
    assert Path(playbook_file).resolve().is_relative_to((workdir / "venv").resolve()), (
        f"playbook imported from {playbook_file}, not from the fresh venv's site-packages"
    )
    report.python = str(bin_dir / "python")
    kernels = _run([bin_dir / "jupyter", "kernelspec", "list", "--json"], workdir, env, 120).stdout
    assert '"python3"' in kernels, f"the fresh venv has no python3 kernelspec: {kernels}"

    post_build = repo / "binder" / "postBuild"
    if post_build.exists():
        start = time.monotonic()
        _run(["bash", post_build], repo, env, INSTALL_TIMEOUT)
        report.timings["postBuild"] = time.monotonic() - start

    start_script = repo / "binder" / "start"
    launcher: list[str | Path] = ["bash", start_script] if start_script.exists() else []

    notebooks = committed_notebooks(repo)
    start = time.monotonic()
    for notebook in notebooks:
        rel = notebook.relative_to(repo)
        out_dir = workdir / "executed" / rel.parent
        _run(
            [
                *launcher,
                bin_dir / "jupyter",
                "nbconvert",
                "--to",
                "notebook",
                "--execute",
                f"--ExecutePreprocessor.timeout={int(NOTEBOOK_TIMEOUT)}",
                "--ExecutePreprocessor.kernel_name=python3",
                "--output-dir",
                out_dir,
                notebook,
            ],
            notebook.parent,
            env,
            NOTEBOOK_TIMEOUT + 60,
        )
        report.executed.append(str(rel))
    report.timings["execute"] = time.monotonic() - start

    start = time.monotonic()
    lab_args = ["--VoilaConfiguration.show_tracebacks=True"]
    with lab_server(repo, bin_dir=bin_dir, extra_args=lab_args) as lab:
        first_notebook = next((p for p in notebooks if p.relative_to(repo).parts[0] == "notebooks"), None)
        first_dashboard = next((p for p in notebooks if p.relative_to(repo).parts[0] == "widgets"), None)
        lab_path = f"lab/tree/{first_notebook.relative_to(repo).as_posix()}" if first_notebook else "lab"
        voila_path = f"voila/render/{first_dashboard.relative_to(repo).as_posix()}" if first_dashboard else "voila/"
        for path in (lab_path, voila_path, "api/kernelspecs"):
            status, body = http_get(lab.url(path), timeout=NOTEBOOK_TIMEOUT)
            report.fetched[path] = status
            assert status == 200, f"GET /{path} -> {status}\n{body[-2000:]}\n--- server log ---\n{lab.log_tail()}"
            if path.startswith("voila/render/"):
                errors = [marker for marker in VOILA_ERROR_MARKERS if marker in body]
                assert not errors, f"Voila rendered {path} with errors {errors}:\n{body[-4000:]}"
            if path == "api/kernelspecs":
                assert '"python3"' in body, body
    report.timings["lab+voila"] = time.monotonic() - start
    return report
