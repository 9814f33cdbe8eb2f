#!/usr/bin/env python3
"""Keep the tracked notebooks (notebooks/, widgets/) in their committed form, whatever Lab and a class do.

Two jobs, standard library only (git runs it with the system ``python3``, before any venv exists):

``clean`` (git's clean filter, stdin to stdout; ``.gitattributes`` names it, ``scripts/install_git_filter.sh``
configures it): what a person's run adds to a notebook never reaches git. It empties every code cell's outputs
and execution count, drops the saved widget state (``metadata.widgets``) and run timings, and writes
``language_info.version`` as committed. ``git status``, ``git diff``, ``git add`` and ``git pull`` then see the
lesson as committed, so a student's Run All cannot make the next pull conflict. Text that is not a notebook
(a merge in progress) passes through unchanged.

``refresh PATH...``: git records each tracked file's size, and when the size changed it reports the file
modified without reading it, filter or not (``git status`` shows `` M``, ``git pull`` refuses to overwrite
"local changes"). For each notebook given whose committed form is exactly git's copy (outputs and metadata
aside, nothing edited), this has git re-read it (``git update-index``): the index entry's content stays the
same, only its recorded size and times catch up. JupyterLab runs it after every save
(``etc/jupyter/jupyter_server_config.py``); a notebook someone edited is left alone, and shows as modified.

``localise [--if-pristine] PATH...``: JupyterLab writes the kernel's ``language_info`` into a notebook as
soon as it opens, and marks the notebook modified when that differs from the file; ipykernel reports the
exact Python version (``3.11.7``). The committed notebooks carry the metadata Lab writes (see
``COMMITTED_METADATA``); this rewrites their ``language_info.version`` to the running interpreter's, so that
on any Python opening a lesson changes nothing. ``--if-pristine`` touches only files identical to git's
copy (never a file someone edited or ran). The clean filter writes the committed version back.

Both write notebooks as nbformat and JupyterLab do (JSON, indent 1, sorted keys, UTF-8, final newline).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

#: The notebook metadata JupyterLab writes with ipykernel's ``python3`` kernel (Python 3.11.7, the version the
#: pins in binder/constraints.txt were made with). Every committed notebook carries exactly this.
COMMITTED_PYTHON = "3.11.7"
COMMITTED_METADATA: dict[str, Any] = {
    "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
    "language_info": {
        "codemirror_mode": {"name": "ipython", "version": 3},
        "file_extension": ".py",
        "mimetype": "text/x-python",
        "name": "python",
        "nbconvert_exporter": "python",
        "pygments_lexer": "ipython3",
        "version": COMMITTED_PYTHON,
    },
}
RUN_METADATA = ("execution", "ExecuteTime")  # cell timings nbclient and Lab's recordTiming add


def dumps(nb: dict[str, Any]) -> str:
    """A notebook as nbformat.write and JupyterLab's save write it."""
    return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def clean(nb: dict[str, Any]) -> dict[str, Any]:
    """The notebook without what running it added (in place; returned for convenience)."""
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        metadata = cell.get("metadata")
        if isinstance(metadata, dict):
            for key in RUN_METADATA:
                metadata.pop(key, None)
    metadata = nb.get("metadata")
    if isinstance(metadata, dict):
        metadata.pop("widgets", None)
        language = metadata.get("language_info")
        if isinstance(language, dict) and "version" in language:
            language["version"] = COMMITTED_PYTHON
    return nb


def clean_text(text: str) -> str:
    """clean() on a notebook's text; anything that is not a notebook comes back unchanged."""
    try:
        nb = json.loads(text)
    except ValueError:
        return text
    if not isinstance(nb, dict) or "cells" not in nb:
        return text
    return dumps(clean(nb))


def python_version() -> str:
    """The version ipykernel reports for this interpreter (``sys.version``'s first word)."""
    return sys.version.split()[0]


def localised_text(text: str, version: str) -> str | None:
    """The notebook's text with ``language_info.version`` set to version; None when there is nothing to set."""
    try:
        nb = json.loads(text)
    except ValueError:
        return None
    language = nb.get("metadata", {}).get("language_info") if isinstance(nb, dict) else None
    if not isinstance(language, dict) or "version" not in language:
        return None
    language["version"] = version
    return dumps(nb)


def _same_but_version(text: str, committed: str) -> bool:
    if text == committed:
        return True
    mine, theirs = localised_text(text, ""), localised_text(committed, "")
    return mine is not None and mine == theirs and dumps(json.loads(committed)) == committed


def git_copy(path: Path) -> bytes | None:
    """git's copy of path (the index's, as checked out); None outside a work tree or for an untracked file."""
    try:
        top = subprocess.run(
            ["git", "-C", str(path.parent), "rev-parse", "--show-toplevel"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        relative = path.resolve().relative_to(Path(top).resolve()).as_posix()
        return subprocess.run(
            ["git", "-C", top, "cat-file", "blob", f":{relative}"], capture_output=True, check=True
        ).stdout
    except (OSError, ValueError, subprocess.CalledProcessError):
        return None


def _git(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", "-C", str(cwd), *args], capture_output=True, text=True, timeout=120, check=False)


def refresh(paths: list[Path]) -> list[Path]:
    """Have git re-read each tracked, filtered notebook whose committed form equals git's copy; return those."""
    refreshed: list[Path] = []
    for path in paths:
        path = path.resolve()
        where = path.parent
        attribute = _git(where, "check-attr", "filter", "--", path.name)
        if not attribute.stdout.strip().endswith(": filter: playbook-notebook"):
            continue  # not one of the course's notebooks, or not in a git work tree
        if _git(where, "ls-files", "--error-unmatch", "--", path.name).returncode != 0:
            continue  # untracked
        if _git(where, "config", "filter.playbook-notebook.clean").returncode != 0:
            continue  # the filter is not configured: git compares the raw file, which did change
        if _git(where, "diff", "--quiet", "--", path.name).returncode != 0:
            continue  # edited (or unreadable): a real change, which git must keep showing
        if _git(where, "update-index", "-q", "--", path.name).returncode == 0:
            refreshed.append(path)
    return refreshed


def localise(paths: list[Path], if_pristine: bool, version: str) -> list[Path]:
    """Set language_info.version in each notebook; return the files rewritten."""
    changed: list[Path] = []
    for path in paths:
        data = path.read_bytes()
        text = data.decode("utf-8")
        if if_pristine:
            committed = git_copy(path)
            # Pristine: git's copy, or git's copy localised before (for this or another Python).
            if committed is None or not _same_but_version(text, committed.decode("utf-8")):
                continue  # edited, run or untracked: not ours to touch
        new = localised_text(text, version)
        if new is not None and new.encode("utf-8") != data:
            path.write_bytes(new.encode("utf-8"))
            changed.append(path)
    if if_pristine:
        refresh(changed)  # the new version may change the file's size: let git see it is unchanged
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("clean", help="git clean filter: a notebook on stdin, its committed form on stdout")
    local = sub.add_parser("localise", help="set language_info.version to this Python's in the notebooks given")
    local.add_argument("--if-pristine", action="store_true", help="only files identical to git's copy")
    local.add_argument("--version", default=python_version(), help="the version to write (default: this Python)")
    local.add_argument("paths", nargs="*", type=Path)
    again = sub.add_parser("refresh", help="have git re-read notebooks whose committed form git already has")
    again.add_argument("paths", nargs="*", type=Path)
    args = parser.parse_args(argv)
    if args.command == "clean":
        text = sys.stdin.buffer.read().decode("utf-8")
        sys.stdout.buffer.write(clean_text(text).encode("utf-8"))
        return 0
    if args.command == "refresh":
        for path in refresh(args.paths):
            print(f"unchanged for git: {path}")
        return 0
    for path in localise(args.paths, args.if_pristine, args.version):
        print(f"language_info.version {args.version}: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
