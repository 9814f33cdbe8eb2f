#!/usr/bin/env python3
"""Write binder/constraints.txt: the exact version of every package ``playbook[lab]`` installs, as installed here.

Run it with the venv whose tests passed (``make pins`` runs ``.venv/bin/python scripts/refresh_binder_pins.py``).
It walks playbook's requirements and those of its ``lab`` extra through the installed distributions' metadata
(markers evaluated for this interpreter and platform: Binder's Linux and Python 3.11), and pins each package
reached with ``==``. binder/requirements.txt reads the file with ``-c``, and scripts/bootstrap.sh installs with
it, so Binder, ``make lab`` and ``make test`` get the same versions all term. ``--check`` only reports
whether the file is current (exit 1 if not). binder/README.md says how to move the pins forward.
"""

from __future__ import annotations

import argparse
import platform
import sys
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
CONSTRAINTS = ROOT / "binder" / "constraints.txt"
PROJECT = "playbook"
EXTRAS = ("lab",)


def requirement_applies(requirement: Requirement, extras: set[str]) -> bool:
    if requirement.marker is None:
        return True
    return any(requirement.marker.evaluate({"extra": extra}) for extra in extras | {""})


def pinned_closure(project: str = PROJECT, extras: tuple[str, ...] = EXTRAS) -> dict[str, str]:
    """{canonical name: installed version} for every distribution project[extras] needs, project excluded."""
    wanted: dict[str, set[str]] = {canonicalize_name(project): set(extras)}
    done: dict[str, set[str]] = {}
    versions: dict[str, str] = {}
    while wanted:
        name, names_extras = wanted.popitem()
        if name in done and names_extras <= done[name]:
            continue
        done[name] = done.get(name, set()) | names_extras
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            raise SystemExit(f"{name} is required but not installed in {sys.prefix}: install .[lab] first") from None
        versions[name] = dist.version
        for line in dist.requires or []:
            requirement = Requirement(line)
            if requirement_applies(requirement, done[name]):
                child = canonicalize_name(requirement.name)
                wanted[child] = wanted.get(child, set()) | set(requirement.extras)
    versions.pop(canonicalize_name(project), None)
    return dict(sorted(versions.items()))


def render(pins: dict[str, str]) -> str:
    python = platform.python_version()
    header = [
        "# The version of every package Binder installs for playbook[lab] (binder/requirements.txt reads this with",
        "# -c; scripts/bootstrap.sh installs make lab's and make test's venv with it too).",
        f"# Made by scripts/refresh_binder_pins.py from the venv the tests passed with (Python {python},"
        f" {platform.system()}).",
        "# Do not edit by hand: binder/README.md says how to refresh it.",
    ]
    return "\n".join([*header, *(f"{name}=={version}" for name, version in pins.items())]) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="exit 1 if the file differs from this venv's versions")
    parser.add_argument("--output", type=Path, default=CONSTRAINTS)
    args = parser.parse_args(argv)
    text = render(pinned_closure())
    if args.check:
        current = args.output.read_text(encoding="utf-8") if args.output.exists() else ""
        if current != text:
            print(f"{args.output} is not this venv's versions: run make pins", file=sys.stderr)
            return 1
        return 0
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {len(text.splitlines()) - 4} pins to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
