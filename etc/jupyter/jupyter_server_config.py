"""JupyterLab's server, as make lab and Binder run it (with jupyter_server_config.json beside this file).

After every save (a person's Ctrl+S or Lab's autosave) of one of the course's notebooks, git is asked to
re-read it (scripts/notebook_filter.py refresh): a Run All leaves outputs in the file, which git's clean
filter leaves out, but git would still report the file modified, and refuse a git pull, because its size
changed. A notebook someone edited is left alone. This runs in a thread, so a save never waits for git, and
a failure (no git, no repository) changes nothing.
"""

import contextlib
import subprocess
import sys
import threading
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821 - provided by traitlets when it loads this file

FILTER_SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "notebook_filter.py"


def _refresh_in_git(os_path: str) -> None:
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        subprocess.run(
            [sys.executable, str(FILTER_SCRIPT), "refresh", os_path],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=120,
            check=False,
        )


def refresh_notebook_in_git(model: dict, os_path: str, contents_manager: object, **kwargs: object) -> None:
    if model.get("type") == "notebook" and FILTER_SCRIPT.is_file():
        threading.Thread(target=_refresh_in_git, args=(os_path,), daemon=True).start()


c.FileContentsManager.post_save_hook = refresh_notebook_in_git
