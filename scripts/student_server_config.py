"""Point Jupyter's user config at the student edition: ``ServerApp.root_dir`` = the folder given.

binder/postBuild runs it once per image, after writing the student edition to build/student, so that Binder's
JupyterLab (and Voila under it) serves that edition and nothing else of the repository (docs/editions.md). The
user config (``jupyter --config-dir``, ~/.jupyter on Binder) is read before the project's etc/jupyter/, and Binder
starts Jupyter with no root directory of its own. Any other setting already in that file is kept.

Usage: python scripts/student_server_config.py FOLDER
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from jupyter_core.paths import jupyter_config_dir

CONFIG_NAME = "jupyter_server_config.json"


def point_root_at(folder: Path, config_dir: Path) -> Path:
    """Write ``ServerApp.root_dir`` = folder (absolute) into config_dir's server config; return that file."""
    if not (folder / "notebooks" / "index.ipynb").is_file():
        raise SystemExit(f"{folder} holds no notebooks/index.ipynb: build the student edition first")
    config_dir.mkdir(parents=True, exist_ok=True)
    path = config_dir / CONFIG_NAME
    config: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    config.setdefault("ServerApp", {})["root_dir"] = str(folder.resolve())
    path.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    written = point_root_at(Path(argv[0]), Path(jupyter_config_dir()))
    print(f"{written}: Jupyter serves {Path(argv[0]).resolve()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
