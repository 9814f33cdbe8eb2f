"""The README's examples run as written: a reader who pastes them gets what the README says; its Binder
badges open the index in JupyterLab and the dashboards in Voila."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

README = Path(__file__).resolve().parents[1] / "README.md"


def test_every_python_example_in_the_readme_runs_in_order() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    assert len(blocks) >= 4
    namespace: dict[str, object] = {"__name__": "__main__"}
    for block in blocks:
        exec(compile(block, str(README), "exec"), namespace)
    results = namespace["results"]
    assert len(results) == 4000  # type: ignore[arg-type]


BADGE = re.compile(
    r"\[!\[([^\]]+)\]\(https://mybinder\.org/badge_logo\.svg\)\]\((https://mybinder\.org/v2/gh/[^)\s]+)\)"
)


def test_the_binder_badges_open_the_index_in_lab_and_the_dashboards_in_voila() -> None:
    badges = dict(BADGE.findall(README.read_text()))
    assert set(badges) == {"JupyterLab on Binder", "Voila dashboards on Binder"}, badges
    root = README.parent
    paths = {}
    for name, url in badges.items():
        parts = urlsplit(url)
        assert parts.path == "/v2/gh/playbook-edu/playbook/main", url
        (urlpath,) = parse_qs(parts.query)["urlpath"]
        paths[name] = urlpath
    lab = paths["JupyterLab on Binder"]
    assert lab == "lab/tree/notebooks/index.ipynb" and (root / lab.removeprefix("lab/tree/")).is_file()
    voila = paths["Voila dashboards on Binder"]
    assert voila == "voila/tree/widgets"  # Voila's listing: it sets the cookie that lets a closed dashboard end
    assert sorted((root / voila.removeprefix("voila/tree/")).glob("*.ipynb"))
