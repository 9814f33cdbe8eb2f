"""The course site (``make book``, book/README.md): built once per session from the lessons, read as files.

The build runs scripts/build_book.py as ``make book`` does, into a temporary folder, with the execution cache
``make book`` uses (keyed on each lesson's cells and the package, so nothing stale is read). Under pytest-xdist
the workers share one build: the script's lock makes the second wait and find it done. The browser tests
(tests/browser/test_book_pages.py) read the same build in Chromium.
"""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import yaml  # type: ignore[import-untyped]
from support.notebooks import REPO_ROOT

from playbook import editions

BOOK = REPO_ROOT / "book"
BUILD_SCRIPT = REPO_ROOT / "scripts" / "build_book.py"
CACHE = BOOK / "_build" / "cache"
BINDER = "https://mybinder.org/v2/gh/playbook-edu/playbook/main?urlpath="  # README.md's badges' repository
COURSE_ORDER = [
    "index",
    "faucets_and_sinks",
    "mars_needs_mechanics",
    "parts_unknown",
    "offal_game",
    "planet_unknown",
    "planet_unknown_asymmetry",
    "balance_by_search",
    "glossary",
]
LESSONS = [page for page in COURSE_ORDER if (REPO_ROOT / "notebooks" / f"{page}.ipynb").is_file()]
CHARTED = [page for page in LESSONS if page != "index"]  # the index is words and links only
DASHBOARDS = {path.stem for path in (REPO_ROOT / "widgets").glob("*.ipynb")}
GLOSSARY_TERMS = [
    # the course's economics and statistics
    "faucet",
    "sink",
    "converter",
    "money supply",
    "inflation",
    "purchasing power",
    "elasticity",
    "going rate",
    "order line",
    "option value",
    "balancing loop",
    "reinforcing loop",
    "Gini coefficient",
    "finding",
    "estimate",
    "interval",
    "verdict",
    "no difference detected",
    "parity",
    # one game's own words each
    "cog",
    "Adjust Values",
    "Scrap Metal",
    "Shelf Space counter",
    "Townesfolk",
    "Plunger",
    "The Clog",
    "Gore Track",
    "corporation",
    "medal",
    "milestone",
    "tracker",
]


def build_site(out: Path) -> Path:
    """``make book``'s build into ``out``; returns the site's folder (``out``/html)."""
    command = [sys.executable, str(BUILD_SCRIPT), "--out", str(out), "--cache", str(CACHE)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=3600, check=False)
    assert done.returncode == 0, f"make book's build failed:\n{done.stdout[-4000:]}\n{done.stderr[-8000:]}"
    return out / "html"


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    # One folder for every xdist worker of this session (each worker's basetemp sits inside it).
    base = tmp_path_factory.getbasetemp()
    return build_site((base if worker_id == "master" else base.parent) / "book")


class Page(HTMLParser):
    """A built page's links, scripts, ids and text, as far as these tests look at them."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.ids: set[str] = set()
        self.text: list[str] = []
        self.prose: list[str] = []  # the text a reader reads as text: not inside code listings (<pre>)
        self._skip = 0
        self._code = 0
        self.feed(path.read_text())

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        self.tags.append((tag, attributes))
        if "id" in attributes:
            self.ids.add(attributes["id"])
        if tag in {"script", "style"}:
            self._skip += 1
        elif tag == "pre":
            self._code += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style"}:
            self._skip -= 1
        elif tag == "pre":
            self._code -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.text.append(data)
            if not self._code:
                self.prose.append(data)

    def attrs(self, tag: str, name: str) -> list[str]:
        return [attributes[name] for t, attributes in self.tags if t == tag and name in attributes]

    def with_class(self, css_class: str) -> list[dict[str, str]]:
        return [attributes for _, attributes in self.tags if css_class in attributes.get("class", "").split()]


def page(site: Path, name: str) -> Page:
    return Page(site / f"{name}.html")


def test_the_toc_lists_the_course_in_order() -> None:
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text())
    assert [toc["root"], *toc["chapters"]] == COURSE_ORDER
    lessons = {path.stem for path in (REPO_ROOT / "notebooks").glob("*.ipynb")}
    assert lessons <= set(COURSE_ORDER), f"lessons missing from book/_toc.yml: {lessons - set(COURSE_ORDER)}"


def test_every_page_is_built_and_the_sidebar_and_next_links_follow_the_course(site: Path) -> None:
    for name in COURSE_ORDER:
        assert (site / f"{name}.html").is_file(), f"{name}.html was not built"
    links = page(site, "glossary").with_class("reference")  # the sidebar comes first; "#" is the page itself
    sidebar = [a["href"] for a in links if "internal" in a["class"] and "nav-link" not in a["class"]]
    in_sidebar = [href.removesuffix(".html") if href != "#" else "glossary" for href in sidebar]
    assert in_sidebar[: len(COURSE_ORDER)] == COURSE_ORDER
    for before, after in itertools.pairwise(COURSE_ORDER):
        nexts = page(site, before).with_class("right-next")
        assert nexts and nexts[0]["href"] == f"{after}.html", f"{before}'s next page is not {after}"
    assert (site / ".nojekyll").is_file(), "a static host running Jekyll would hide _static/ without it"


@pytest.mark.parametrize("name", CHARTED)
def test_each_lesson_page_holds_its_outputs_and_its_charts_as_html(site: Path, name: str) -> None:
    built = page(site, name)
    assert built.with_class("cell_output"), f"{name} shows no outputs"
    charts = built.with_class("plotly-graph-div")
    assert charts, f"{name} shows no plotly chart"
    draws = built.path.read_text().count("Plotly.newPlot(")
    assert draws == len(charts), f"{name}: {len(charts)} chart divs, {draws} scripts drawing them"
    html = built.path.read_text()
    assert "application/vnd.jupyter.widget-state+json" not in html, "widget state needs a CDN's widget manager"
    assert "require.js" not in html and "requirejs" not in html, "require.js would hide plotly.js from the charts"


def test_plotly_js_is_in_the_build_once_and_nothing_loads_from_the_network(site: Path) -> None:
    bundle = site / "_static" / "plotly.min.js"
    assert bundle.is_file() and bundle.stat().st_size > 1_000_000
    for path in sorted(site.glob("*.html")):
        built = Page(path)
        scripts = [urlsplit(src).path for src in built.attrs("script", "src")]  # Sphinx may add ?v=<checksum>
        assert scripts.count("_static/plotly.min.js") == 1, path.name
        assets = [*built.attrs("script", "src"), *built.attrs("img", "src")]
        assets += [a["href"] for t, a in built.tags if t == "link" and a.get("rel") in {"stylesheet", "preload"}]
        for asset in assets:
            assert not urlsplit(asset).scheme and not asset.startswith("//"), f"{path.name} loads {asset}"
            assert (site / unquote(urlsplit(asset).path)).is_file(), f"{path.name}: {asset} is not in the build"
        assert path.stat().st_size < 3_000_000, f"{path.name} holds a copy of plotly.js or widget state"


def test_every_internal_link_resolves_to_a_page_and_an_anchor(site: Path) -> None:
    pages = {path.name: Page(path) for path in site.glob("*.html")}
    checked = 0
    for name, built in pages.items():
        for href in built.attrs("a", "href"):
            parts = urlsplit(href)
            if parts.scheme or href.startswith("//"):
                continue
            target = pages.get(parts.path) if parts.path else built
            assert target is not None, f"{name} links to {href}, which is not a page of the site"
            assert not parts.fragment or unquote(parts.fragment) in target.ids, f"{name}: no #{parts.fragment}"
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("name", COURSE_ORDER)
def test_every_page_has_launch_links_to_binder_lab_and_voila(site: Path, name: str) -> None:
    built = page(site, name)
    lab = [a["href"] for a in built.with_class("playbook-launch-lab")]
    voila = [a["href"] for a in built.with_class("playbook-launch-voila")]
    notebook = name if name in LESSONS else "index"
    assert lab == [f"{BINDER}lab/tree/notebooks/{notebook}.ipynb"]
    assert (REPO_ROOT / "notebooks" / f"{notebook}.ipynb").is_file()
    expected = f"voila/render/widgets/{name}.ipynb" if name in DASHBOARDS else "voila/tree/widgets"
    assert voila == [BINDER + expected]


def test_dashboard_links_become_voila_launch_links(site: Path) -> None:
    for path in site.glob("*.html"):
        hrefs = Page(path).attrs("a", "href")
        assert not [h for h in hrefs if h.startswith("../") or (h.endswith(".ipynb") and "://" not in h)], path.name
    index = page(site, "index").attrs("a", "href")
    for dashboard in DASHBOARDS:
        assert f"{BINDER}voila/render/widgets/{dashboard}.ipynb" in index, f"index lost its {dashboard} link"
    for lesson in LESSONS[1:]:
        assert f"{lesson}.html" in index, f"index's link to the {lesson} lesson is not a link to its page"


def test_live_widgets_become_a_sentence_with_binder_links(site: Path) -> None:
    tables = page(site, "mars_needs_mechanics")  # an explorer, a prediction, a table and a replay
    notes = tables.with_class("playbook-live")
    assert len(notes) >= 3
    hrefs = tables.attrs("a", "href")
    assert f"{BINDER}lab/tree/notebooks/mars_needs_mechanics.ipynb" in hrefs


def test_the_glossary_defines_the_course_terms_and_each_games(site: Path) -> None:
    glossary = page(site, "glossary")
    terms = {anchor.removeprefix("term-").lower() for anchor in glossary.ids if anchor.startswith("term-")}
    for term in GLOSSARY_TERMS:
        slug = re.sub(r"[^a-z0-9]+", "-", term.lower()).strip("-")
        assert slug in terms, f"the glossary does not define {term!r}"


def test_dollar_amounts_are_text_and_no_page_is_set_as_maths(site: Path) -> None:
    text = "".join(page(site, "parts_unknown").text)  # text nodes as the page runs them together
    assert re.search(r"\$\d", text), "no dollar amount in the Parts Unknown lesson's text"
    assert "Ann shows 3 Feet at $14" in " ".join(text.split())
    for path in site.glob("*.html"):
        built = Page(path)
        assert not built.with_class("math"), f"{path.name} sets maths"
        assert not [src for src in built.attrs("script", "src") if "mathjax" in src.lower()], path.name
        assert "\\$" not in " ".join(built.prose), f"{path.name} shows a backslash before a dollar"


# -- the site is the student edition: no answer, no hidden test, no teacher's cell; exercises shown, not run --------
MARKUP = re.compile(r"[*`_<>\[\]$|#{}\\]")


def answer_lines(lesson: Path) -> list[str]:
    """Lines only the teacher's edition holds: solution regions, hidden tests, teacher cells (plain lines only)."""
    source = editions.read(lesson)
    student = {cell.id: cell.source for cell in editions.student_edition(source, str(lesson)).cells}
    kept = "\n".join(student.values())
    lines: list[str] = []
    for cell in source.cells:
        if editions.is_teacher(cell):
            lines += [line for line in cell.source.split("\n") if len(line.strip()) > 30 and not MARKUP.search(line)]
        else:
            for region in [*editions.solution_text(cell), *editions.hidden_tests(cell)]:
                lines += [line for line in region.split("\n") if len(line.strip()) > 12]
    return [line.strip() for line in lines if line.strip() not in kept]  # a line the student edition also has is fine


@pytest.mark.parametrize("name", CHARTED)
def test_the_site_holds_no_answer_hidden_test_or_teachers_cell(site: Path, name: str) -> None:
    html = (site / f"{name}.html").read_text()
    for marker in ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "<summary>Teacher's answer"):
        assert marker not in html, f"{name}.html holds {marker!r}"
    built = page(site, name)
    text = " ".join("".join(built.text).split())
    leaked = [
        line for line in answer_lines(REPO_ROOT / "notebooks" / f"{name}.ipynb") if " ".join(line.split()) in text
    ]
    assert not leaked, f"{name}.html shows lines of the teacher's edition: {leaked[:3]}"


@pytest.mark.parametrize(
    "name", [n for n in CHARTED if editions.check_exercises(REPO_ROOT / "notebooks" / f"{n}.ipynb")]
)
def test_exercise_cells_are_shown_with_a_note_and_not_run(site: Path, name: str) -> None:
    built = page(site, name)
    text = " ".join("".join(built.text).split())
    count = len(editions.check_exercises(REPO_ROOT / "notebooks" / f"{name}.ipynb"))
    assert text.count("Exercise cells are shown here, not run") == count
    assert 'raise NotImplementedError("your answer here")' in text  # the stub the student fills in
    assert not built.with_class("traceback") and "NotImplementedError: your answer here" not in text


# -- the teacher's guide (docs/course/): a plan per lesson, and the one glossary the site is built from -----------
COURSE_GUIDE = REPO_ROOT / "docs" / "course"


def test_the_glossary_has_one_source_in_the_teachers_guide() -> None:
    assert not (BOOK / "glossary.md").exists(), "a second glossary would drift from docs/course/glossary.md"
    text = (COURSE_GUIDE / "glossary.md").read_text()
    for term in GLOSSARY_TERMS:
        assert re.search(rf"^{re.escape(term)}$", text, re.MULTILINE | re.IGNORECASE), f"no entry for {term!r}"


@pytest.mark.parametrize("name", CHARTED)
def test_every_lesson_has_a_50_minute_plan_with_questions(name: str) -> None:
    plan = (COURSE_GUIDE / "plans" / f"{name}.md").read_text()
    slots = re.findall(r"^\| (\d+)-(\d+) \|", plan, re.MULTILINE)
    assert slots and slots[0][0] == "0" and slots[-1][1] == "50", f"{name}: the plan does not run from 0 to 50"
    assert all(int(end) == int(start) for (_, end), (start, _) in itertools.pairwise(slots)), f"{name}: a gap"
    assert "Table" in plan and "**Discussion questions.**" in plan and "**Objectives.**" in plan
    assert len(re.findall(r"^\d\. ", plan.split("**Discussion questions.**")[1], re.MULTILINE)) >= 3
    assert f"notebooks/{name}.ipynb" in plan
    guide = (COURSE_GUIDE / "README.md").read_text()
    assert f"(plans/{name}.md)" in guide, f"docs/course/README.md's sequence does not list {name}"
