"""Sphinx configuration of the course site (book/README.md).

scripts/build_book.py executes every lesson once, makes its outputs static (plotly charts as HTML, live widgets
as a Binder link) and stages the pages; this file only renders them. Everything a page needs is in the build:
plotly.js is copied into ``_static`` once for the whole site, and no page loads a script from the network, so
the site reads the same from the file system and from any static host.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any
from urllib.parse import quote

import plotly
import yaml  # type: ignore[import-untyped]
from sphinx.application import Sphinx

BOOK = Path(__file__).resolve().parent
SETTINGS: dict[str, Any] = yaml.safe_load((BOOK / "_config.yml").read_text())
BINDER: dict[str, str] = SETTINGS["binder"]
PLOTLY_JS = Path(plotly.__file__).resolve().parent / "package_data" / "plotly.min.js"
# The lessons whose game has a dashboard in widgets/ (the page's Voila link opens it; others open the list).
DASHBOARDS = {path.stem for path in (BOOK.parent / "widgets").glob("*.ipynb")}

project = SETTINGS["title"]
author = SETTINGS["author"]
root_doc = "index"
extensions = ["myst_nb", "sphinx.ext.githubpages"]  # githubpages: a .nojekyll so _static is served
exclude_patterns = ["_build", "**.ipynb_checkpoints"]

# The build executed each lesson (cached, with a timeout); Sphinx must not run them again.
nb_execution_mode = "off"
# A warning a lesson printed is for the person running it, not for a reader of the site.
nb_output_stderr = "remove"
# No widget manager from a CDN: the staged lessons hold no widget views (they became Binder links).
nb_ipywidgets_js: dict[str, dict[str, str]] = {}
# No dollarmath: in this course "$" is money, never maths (the lessons write it as <span>&#36;</span>).
myst_enable_extensions: list[str] = []
myst_heading_anchors = 3

html_theme = "sphinx_book_theme"
html_title = project
html_copy_source = False  # the executed notebooks are large and the launch links open the live ones
html_show_sourcelink = False
html_js_files = ["plotly.min.js"]  # loaded in <head>, before the charts' inline scripts call Plotly.newPlot
html_theme_options = {
    "repository_url": f"https://github.com/{BINDER['repository']}",
    "repository_branch": BINDER["ref"],
    "use_repository_button": True,
    "home_page_in_toc": True,
    "show_toc_level": 2,
    "use_download_button": False,  # it offers _sources/, which html_copy_source leaves out
}


def binder_url(urlpath: str) -> str:
    """A Binder launch URL opening ``urlpath`` (``lab/tree/...`` or ``voila/render/...``) on the course's repo."""
    return f"{BINDER['hub']}/v2/gh/{BINDER['repository']}/{BINDER['ref']}?urlpath={quote(urlpath, safe='/')}"


def launch_links(pagename: str, lessons: set[str]) -> dict[str, str]:
    """The page's JupyterLab and Voila launch URLs: the lesson itself and its game's dashboard where there is one.

    A page that is not a lesson (the glossary) opens the course's index, from which every lesson is a click.
    """
    lesson = pagename if pagename in lessons else "index"
    voila = f"voila/render/widgets/{lesson}.ipynb" if lesson in DASHBOARDS else "voila/tree/widgets"
    return {"lab": binder_url(f"lab/tree/notebooks/{lesson}.ipynb"), "voila": binder_url(voila)}


def _launch_bar(pagename: str, lessons: set[str]) -> str:
    links = launch_links(pagename, lessons)
    dashboard = "this game's dashboard" if pagename in DASHBOARDS else "the dashboards"
    lesson = "this lesson" if pagename in lessons else "the lessons"
    return (
        '<div class="admonition tip playbook-launch"><p class="admonition-title">Run it live on Binder</p><p>'
        f'<a class="reference external playbook-launch-lab" href="{links["lab"]}">{lesson} in JupyterLab</a>'
        f' · <a class="reference external playbook-launch-voila" href="{links["voila"]}">{dashboard} in Voila</a>'
        " (no code shown). This page is a copy run when the site was built; a live one lets you edit the"
        " parameters and play the tables.</p></div>"
    )


def _add_launch_bar(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """Every page of the course starts with its launch links, whatever the theme does with its own buttons."""
    if doctree is None or "body" not in context:
        return  # generated pages (search, genindex) are not course pages
    lessons = {doc for doc in app.env.found_docs if app.env.doc2path(doc).suffix == ".ipynb"}
    context["body"] = _launch_bar(pagename, lessons) + context["body"]


def _copy_plotly(app: Sphinx, exception: BaseException | None) -> None:
    """plotly.js from the installed plotly (the version that wrote the charts), once for the whole site."""
    if exception is None and app.builder.format == "html":
        shutil.copy2(PLOTLY_JS, Path(app.outdir) / "_static" / "plotly.min.js")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("html-page-context", _add_launch_bar)
    app.connect("build-finished", _copy_plotly)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
