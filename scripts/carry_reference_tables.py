"""Write tests/planet_unknown_asymmetric/reference_tables.toml from the course's component facts.

The cross-checks in tests/planet_unknown_asymmetric/test_data.py compare the corporations' tracks and techs and
the planets' maps with the tables the reference prints. The reference lives outside the repository
(``../shared/reference/planet_unknown_asymmetric_and_mechanics.md``), so its table rows and map lines are carried
into the repository, verbatim and cited, and the tests run on any clone. Run by hand, only if the reference
changes: ``python scripts/carry_reference_tables.py [reference.md]``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT.parent / "shared" / "reference" / "planet_unknown_asymmetric_and_mechanics.md"
OUT = ROOT / "tests" / "planet_unknown_asymmetric" / "reference_tables.toml"
SECTIONS = [f"1.{i}" for i in range(1, 9)] + [f"2.{i}" for i in range(1, 13)]
MAP_LINE = re.compile(r"^ +\d+ \S{12}( +\S{12})?$")
HEADER = """\
# The tables and maps of the asymmetric corporations and planets, as the reference prints them, so the
# cross-checks in test_data.py run on any clone (the reference itself lives outside the repository).
# Source: planet_unknown_asymmetric_and_mechanics.md (the course's component facts, sections 1.1-1.8 and
# 2.1-2.12, transcribed from Board Game Arena's Planet Unknown source: Corporation1-8.php, Planet1-12.php).
# Only table rows and map lines are kept, verbatim; the paraphrased rules around them are not.
# Written by scripts/carry_reference_tables.py; the corporations and planets data must still match it.
"""


def section(text: str, number: str) -> str:
    start = text.index(f"\n### {number} ")
    end = text.find("\n### ", start + 1)
    return text[start : end if end > 0 else len(text)]


def kept_lines(text: str) -> str:
    """Table rows and map lines, with one blank line where a table or map ended."""
    keep: list[str] = []
    for line in text.splitlines():
        if line.startswith("|") or MAP_LINE.match(line):
            keep.append(line)
        elif keep and keep[-1]:
            keep.append("")
    return "\n".join(keep).strip("\n")


def carried(text: str) -> str:
    out = [HEADER]
    for number in SECTIONS:
        body = section(text, number)
        title = body.strip().splitlines()[0].lstrip("# ").strip().replace('"', '\\"')
        lines = kept_lines(body)
        if "'''" in lines:
            raise ValueError(f"section {number} holds ''' and cannot be a TOML literal string")
        out.append(f"[sections.\"{number}\"]\ntitle = \"{title}\"\nlines = '''\n{lines}\n'''\n")
    return "\n".join(out)


def main(argv: list[str]) -> None:
    source = Path(argv[1]) if len(argv) > 1 else REFERENCE
    OUT.write_text(carried(source.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv)
