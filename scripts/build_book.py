"""Build the course site (``make book``; book/README.md says what it is and why it is built this way).

1. Execute the student edition of each lesson of book/_toc.yml (playbook.editions: no teacher's cells, answers
   or hidden tests, so the site holds no answer) once, in a fresh kernel run from notebooks/ as JupyterLab would, with a
   timeout per cell, two at a time. The exercise cells (nbgrader's solution and check cells) are shown, not run:
   a student's answer is a stub that raises, so the page shows the cells to fill in, with a note that they run in
   the live lesson. An executed lesson is cached under its key (its student edition's cells, the playbook
   package, docs/, this Python), so a second build, or the tests after ``make book``, execute nothing that did
   not change.
2. Make each executed lesson static: a plotly chart (the kernel runs with plotly's mime renderer) becomes an HTML
   chart drawn by the site's one copy of plotly.js; a live widget (a table, an explorer) becomes a sentence with
   Binder links, since no kernel runs behind a static page; a link to a dashboard (../widgets/x.ipynb) becomes its
   Voila launch link on Binder and a link to another file of the repository its page on GitHub.
3. Stage the pages (a page is rewritten only when it changed, so Sphinx rebuilds only those) and run Sphinx
   (book/conf.py) with warnings as errors: a link that does not resolve fails the build.

Usage: python scripts/build_book.py [--out book/_build] [--cache DIR] [--jobs N] [--timeout S] [--fresh]
The site is OUT/html (open OUT/html/index.html). Builds into the same OUT wait for each other (a lock).
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import json
import multiprocessing
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import nbformat
import plotly.io as pio
import yaml  # type: ignore[import-untyped]
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from playbook import editions

REPO = Path(__file__).resolve().parent.parent
BOOK = REPO / "book"
LESSONS = REPO / "notebooks"
WIDGETS = REPO / "widgets"
COURSE = REPO / "docs" / "course"  # the teacher's guide; its glossary.md is the site's glossary page
PLOTLY_MIME = "application/vnd.plotly.v1+json"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
# Bump when what the kernel is asked to produce changes (the environment below), so old caches are not read.
CACHE_FORMAT = "2"  # 2: the student edition, exercise cells not run
KERNEL_ENV = {
    "PLOTLY_RENDERER": "plotly_mimetype",  # the figure's JSON only: the build writes its HTML (step 2)
    "TQDM_DISABLE": "1",  # a progress bar is a widget, and means nothing on a page read after the run
}


def settings() -> dict[str, Any]:
    return dict(yaml.safe_load((BOOK / "_config.yml").read_text()))


def course_order() -> list[str]:
    """The pages in course order: the root, then each chapter of book/_toc.yml."""
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text())
    return [str(toc["root"]), *(str(name) for name in toc["chapters"])]


def source_of(page: str) -> Path:
    """A page's one source: a lesson in notebooks/, a page of book/, or a page of the teacher's guide in docs/course/
    (the glossary: the guide and the site read the same file)."""
    for candidate in (LESSONS / f"{page}.ipynb", BOOK / f"{page}.md", COURSE / f"{page}.md"):
        if candidate.is_file():
            return candidate
    raise SystemExit(f"book/_toc.yml lists {page!r}, which is none of notebooks/, book/ or docs/course/")


# -- 1. execution, cached ---------------------------------------------------------------------------------------
def _tree_digest(root: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def environment_digest() -> str:
    """What every lesson's outputs depend on besides its own cells: the package, its docs, this Python."""
    parts = [CACHE_FORMAT, sys.version, _tree_digest(REPO / "playbook"), _tree_digest(REPO / "docs")]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def site_edition(lesson: Path) -> Any:
    """What the site shows of a lesson: its student edition (the answers, hidden tests and teacher's cells out)."""
    return editions.student_edition(editions.read(lesson), str(lesson))


def is_exercise(cell: Any) -> bool:
    """A solution or check cell: in the student edition a stub to fill in, or a check that needs the answer."""
    return editions.is_solution(cell) or editions.is_check(cell)


EXERCISE_NOTE = (
    "*Exercise cells are shown here, not run: type your answer in the live lesson (the launch links at the top of"
    " this page), run it, then run the check below it.*"
)


def cache_key(lesson: Path, environment: str) -> str:
    notebook = site_edition(lesson)
    cells = [[cell["cell_type"], "".join(cell["source"])] for cell in notebook["cells"]]
    return hashlib.sha256(json.dumps([environment, cells]).encode()).hexdigest()[:20]


def with_exercises_unrun(executed: Any, exercise_cells: dict[int, Any]) -> Any:
    """The executed notebook with the exercise cells put back at their places, unrun, each answer with a note."""
    cells = list(executed.cells)
    for position in sorted(exercise_cells):
        cells.insert(position, exercise_cells[position])
    executed.cells = []
    for cell in cells:
        if editions.is_solution(cell):
            note = nbformat.v4.new_markdown_cell(EXERCISE_NOTE)  # type: ignore[no-untyped-call]
            note.id = f"{cell.id}-note"[:64]
            executed.cells.append(note)
        executed.cells.append(cell)
    return executed


def execute(lesson: Path, timeout: int) -> tuple[str, float]:
    """Run ``lesson`` top to bottom in a fresh kernel; return the executed notebook's JSON and the seconds taken.

    Runs in a worker process: the kernel inherits this process's environment, which KERNEL_ENV sets.
    """
    os.environ.update(KERNEL_ENV)
    notebook = site_edition(lesson)
    exercise_cells = {i: cell for i, cell in enumerate(notebook.cells) if is_exercise(cell)}
    notebook.cells = [cell for cell in notebook.cells if not is_exercise(cell)]
    start = time.monotonic()
    client = NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(LESSONS)}},
        extra_arguments=["--IPKernelApp.log_level=CRITICAL"],  # not the kernel's start and stop chatter
    )
    try:
        client.execute()
    except CellExecutionError as error:
        raise RuntimeError(f"{lesson.name} failed while the book was built:\n{error}") from None
    return nbformat.writes(with_exercises_unrun(notebook, exercise_cells)), time.monotonic() - start  # type: ignore[no-untyped-call]


def executed_lessons(pages: list[str], cache: Path, jobs: int, timeout: int, fresh: bool) -> dict[str, Any]:
    """Each lesson among ``pages`` executed, from the cache when its key is there; prints what it did and when."""
    cache.mkdir(parents=True, exist_ok=True)
    environment = environment_digest()
    lessons = {page: source_of(page) for page in pages if source_of(page).suffix == ".ipynb"}
    cached = {page: cache / f"{page}-{cache_key(path, environment)}.ipynb" for page, path in lessons.items()}
    todo = [page for page, path in cached.items() if fresh or not path.is_file()]
    for page in cached:
        if page not in todo:
            print(f"  {page}: cached", flush=True)
    if todo:
        # spawn: a clean interpreter per worker (no inherited event loops or open sockets from this one).
        failed: list[str] = []
        with ProcessPoolExecutor(min(jobs, len(todo)), mp_context=multiprocessing.get_context("spawn")) as pool:
            runs = {page: pool.submit(execute, lessons[page], timeout) for page in todo}
            for page, run in runs.items():
                try:
                    text, seconds = run.result()
                except RuntimeError as error:  # the others still run and are cached: fix one, rebuild one
                    failed.append(str(error))
                    print(f"  {page}: FAILED", flush=True)
                    continue
                for stale in cache.glob(f"{page}-*.ipynb"):
                    stale.unlink()
                partial = cached[page].with_suffix(f".{os.getpid()}.partial")
                partial.write_text(text)
                partial.replace(cached[page])  # whole or absent, for a build reading the same cache meanwhile
                print(f"  {page}: executed in {seconds:.0f} s", flush=True)
        if failed:
            raise SystemExit("\n\n".join(failed))
    return {page: nbformat.read(path, as_version=4) for page, path in cached.items()}  # type: ignore[no-untyped-call]


# -- 2. static pages --------------------------------------------------------------------------------------------
class Links:
    """The URLs a static page uses where the lessons point at a live server or outside notebooks/."""

    def __init__(self, binder: dict[str, str]) -> None:
        self.binder = binder
        self.dashboards = {path.stem for path in WIDGETS.glob("*.ipynb")}

    def binder_url(self, urlpath: str) -> str:
        b = self.binder
        return f"{b['hub']}/v2/gh/{b['repository']}/{b['ref']}?urlpath={quote(urlpath, safe='/')}"

    def lab(self, page: str) -> str:
        return self.binder_url(f"lab/tree/notebooks/{page}.ipynb")

    def voila(self, dashboard: str | None) -> str:
        if dashboard in self.dashboards:
            return self.binder_url(f"voila/render/widgets/{dashboard}.ipynb")
        return self.binder_url("voila/tree/widgets")

    def outside(self, relative: str) -> str:
        """A lesson's link to ``../<path>``: a dashboard opens in Voila on Binder, any other file on GitHub."""
        found = re.fullmatch(r"widgets/([\w-]+)\.ipynb", relative)
        if found:
            return self.voila(found.group(1))
        return f"https://github.com/{self.binder['repository']}/blob/{self.binder['ref']}/{relative}"

    def rewrite(self, text: str) -> str:
        """Markdown or HTML with every ``../`` link (markdown ``](../x)`` or ``href="../x"``) made absolute."""
        text = re.sub(r"\]\(\.\./([^)\s]+)\)", lambda m: f"]({self.outside(m.group(1))})", text)
        return re.sub(r'href="\.\./([^"]+)"', lambda m: f'href="{self.outside(m.group(1))}"', text)


def chart_html(figure: dict[str, Any], div_id: str) -> str:
    """A plotly figure as a div and the inline script that draws it with the page's plotly.js (not a CDN's).

    The id is fixed by the chart's place in its lesson, so an unchanged lesson stages the same bytes.
    """
    config = {"responsive": True, "displaylogo": False, **figure.get("config", {})}
    spec = {key: figure[key] for key in ("data", "layout", "frames") if key in figure}
    html: str = pio.to_html(
        spec,
        config=config,
        include_plotlyjs=False,
        include_mathjax=False,
        full_html=False,
        default_width="100%",
        default_height=480,
        div_id=div_id,
        validate=False,
    )
    return html


def live_widget_note(page: str, links: Links) -> str:
    dashboard = (
        f' or play it as <a href="{links.voila(page)}">the dashboard in Voila</a>' if page in links.dashboards else ""
    )
    return (
        '<p class="playbook-live"><em>A live widget stands here (a table, an explorer or a replay): it needs a'
        f' running kernel. <a href="{links.lab(page)}">Open this lesson in JupyterLab on Binder</a> and run it'
        f"{dashboard}.</em></p>"
    )


def static_lesson(page: str, notebook: Any, links: Links) -> Any:
    """The executed lesson as a static page: charts as HTML, widgets as Binder links, links that resolve."""
    notebook.metadata.pop("widgets", None)
    charts = 0
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            cell.source = links.rewrite(cell.source)
            continue
        for output in cell.get("outputs", []):
            data = output.get("data")
            if data is None:
                continue
            if PLOTLY_MIME in data:
                charts += 1
                output["data"] = {"text/html": chart_html(data[PLOTLY_MIME], f"{page}-chart-{charts}")}
            elif WIDGET_MIME in data:
                output["data"] = {"text/html": live_widget_note(page, links)}
            for mime in ("text/markdown", "text/html"):
                if mime in output["data"]:
                    output["data"][mime] = links.rewrite(output["data"][mime])
    return notebook


def with_toctree(notebook: Any, chapters: list[str]) -> Any:
    """The root page with the course's order as a hidden toctree (the sidebar and next/previous links)."""
    entries = "\n".join(chapters)
    cell = nbformat.v4.new_markdown_cell(f"```{{toctree}}\n:hidden:\n:maxdepth: 1\n\n{entries}\n```")  # type: ignore[no-untyped-call]
    cell.id = "course-toctree"
    notebook.cells.append(cell)
    return notebook


def write_if_changed(path: Path, text: str) -> None:
    """Leave an unchanged page's file (and its mtime) alone, so Sphinx's incremental build skips it."""
    if not (path.is_file() and path.read_text() == text):
        path.write_text(text)


def stage(pages: list[str], executed: dict[str, Any], src: Path, links: Links) -> None:
    src.mkdir(parents=True, exist_ok=True)
    wanted = set()
    for position, page in enumerate(pages):
        if page in executed:
            notebook = static_lesson(page, executed[page], links)
            if position == 0:
                notebook = with_toctree(notebook, pages[1:])
            name, text = f"{page}.ipynb", nbformat.writes(notebook)  # type: ignore[no-untyped-call]
        else:
            name, text = f"{page}.md", links.rewrite(source_of(page).read_text())
        write_if_changed(src / name, text)
        wanted.add(name)
    for path in src.iterdir():
        if path.is_file() and path.name not in wanted:
            path.unlink()


# -- 3. Sphinx --------------------------------------------------------------------------------------------------
def sphinx(src: Path, html: Path, doctrees: Path) -> None:
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-c", str(BOOK), "-d", str(doctrees)]
    command += ["-W", "--keep-going", "-q", str(src), str(html)]
    subprocess.run(command, check=True)


@contextmanager
def locked(out: Path) -> Iterator[None]:
    """One build at a time into ``out`` (two pytest workers asking for the same site wait for each other)."""
    out.mkdir(parents=True, exist_ok=True)
    with (out / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def build(out: Path, cache: Path, jobs: int, timeout: int, fresh: bool = False) -> Path:
    """Build the site into ``out``/html and return that folder."""
    start = time.monotonic()
    conf = settings()
    pages = course_order()
    with locked(out):
        print(f"executing {sum(source_of(p).suffix == '.ipynb' for p in pages)} lessons ({jobs} at a time)")
        executed = executed_lessons(pages, cache, jobs, timeout, fresh)
        executed_at = time.monotonic()
        stage(pages, executed, out / "src", Links(conf["binder"]))
        sphinx(out / "src", out / "html", out / "doctrees")
    end = time.monotonic()
    print(
        f"book built in {end - start:.0f} s (execution {executed_at - start:.0f} s, Sphinx {end - executed_at:.0f} s)"
    )
    print(f"open {out / 'html' / 'index.html'}")
    return out / "html"


def main() -> None:
    conf = settings()["execute"]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=BOOK / "_build", help="build folder; the site is OUT/html")
    parser.add_argument("--cache", type=Path, default=None, help="executed lessons (default OUT/cache)")
    parser.add_argument("--jobs", type=int, default=int(conf["jobs"]), help="lessons executed at once")
    parser.add_argument("--timeout", type=int, default=int(conf["timeout"]), help="seconds a cell may run")
    parser.add_argument("--fresh", action="store_true", help="execute every lesson again, ignoring the cache")
    args = parser.parse_args()
    out = args.out.resolve()
    build(out, (args.cache or out / "cache").resolve(), args.jobs, args.timeout, args.fresh)


if __name__ == "__main__":
    main()
