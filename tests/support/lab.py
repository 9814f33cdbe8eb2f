"""Playwright helpers for JupyterLab and Voila pages (sync API).

JupyterLab must run with ``--LabApp.expose_app_in_browser=True`` (``support.servers.start_lab`` does), so
the application is ``window.jupyterapp``. Timeouts are milliseconds, as everywhere in Playwright.

    open_notebook(page, lab, "notebooks/intro.ipynb")
    assert run_all_cells(page)
    page.get_by_role("button", name="Deal").click()
    data = plotly_data(page)
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page, Route

from .servers import JupyterServer

__all__ = [
    "LOOPBACK_HOSTS",
    "allow_only_loopback",
    "close_current_document",
    "error_outputs",
    "is_loopback_url",
    "open_notebook",
    "open_voila",
    "plotly_data",
    "run_all_cells",
    "save_current_document",
    "settled_notebook_state",
    "wait_for_kernel_idle",
    "wait_for_output",
    "wait_for_plotly",
]

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
KERNEL_TIMEOUT = 120_000
RUN_TIMEOUT = 300_000

_CURRENT_KERNEL_STATUS = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return kernel ? kernel.status : null;
}"""


def is_loopback_url(url: str) -> bool:
    """True for http(s)/ws(s) URLs to this machine, and for data:, blob: and about: URLs."""
    parts = urlsplit(url)
    if parts.scheme in {"data", "blob", "about"}:
        return True
    return (parts.hostname or "") in LOOPBACK_HOSTS


def _abort(route: Route) -> None:
    route.abort("blockedbyclient")


def allow_only_loopback(target: BrowserContext | Page) -> None:
    """Abort every request from target (a context or a page) that is not to 127.0.0.1/localhost.

    Voila's page asks a CDN for icon CSS; without this a load can hang for 30 s (and nothing may leave
    the machine anyway).
    """
    target.route(lambda url: not is_loopback_url(url), _abort)


def open_notebook(page: Page, server: JupyterServer, path: str, timeout: float = KERNEL_TIMEOUT) -> None:
    """Open server-relative notebook path in Lab and wait until it is the current widget with an idle kernel."""
    page.goto(server.url(f"lab/tree/{path.lstrip('/')}"), wait_until="domcontentloaded")
    page.wait_for_function(
        """(path) => {
          const app = window.jupyterapp;
          const w = app && app.shell && app.shell.currentWidget;
          return !!(w && w.context && w.context.path === path && w.content && w.content.widgets);
        }""",
        arg=path.lstrip("/"),
        timeout=timeout,
    )
    wait_for_kernel_idle(page, timeout)


def wait_for_kernel_idle(page: Page, timeout: float = KERNEL_TIMEOUT) -> None:
    """Wait until the current notebook's kernel reports status 'idle'."""
    page.wait_for_function(f"({_CURRENT_KERNEL_STATUS})() === 'idle'", timeout=timeout)


def run_all_cells(page: Page, timeout: float = RUN_TIMEOUT) -> bool:
    """Run every cell of the current notebook (``notebook:run-all-cells``) and wait until they finish.

    Returns Lab's verdict: True when every cell ran without error (see ``error_outputs`` otherwise).
    Raises ``TimeoutError`` (from the page) after ``timeout`` ms.
    """
    result = page.evaluate(
        """async (timeout) => {
          const run = window.jupyterapp.commands.execute('notebook:run-all-cells');
          let timer;
          const late = new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`run-all-cells still running after ${timeout} ms`)), timeout);
          });
          try { return await Promise.race([run, late]); } finally { clearTimeout(timer); }
        }""",
        timeout,
    )
    wait_for_kernel_idle(page, timeout)
    return bool(result)


def wait_for_output(page: Page, text: str | None = None, timeout: float = RUN_TIMEOUT) -> None:
    """Wait for a cell output (``.jp-OutputArea-output``), containing text when given.

    Searching outputs, not the whole page, keeps a match in a cell's source from counting.
    """
    locator = page.locator(".jp-OutputArea-output")
    if text is not None:
        locator = locator.filter(has_text=text)
    locator.first.wait_for(state="visible", timeout=timeout)


def error_outputs(page: Page) -> list[str]:
    """The texts of error and stderr outputs on the page (empty when every cell ran cleanly)."""
    texts: list[str] = page.locator(
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
    ).all_inner_texts()
    return texts


def wait_for_plotly(page: Page, index: int = 0, timeout: float = RUN_TIMEOUT) -> None:
    """Wait until the index-th ``.js-plotly-plot`` on the page has been drawn with data."""
    page.wait_for_function(
        """(i) => { const p = document.querySelectorAll('.js-plotly-plot')[i];
                    return !!(p && Array.isArray(p.data) && p.data.length > 0); }""",
        arg=index,
        timeout=timeout,
    )


def plotly_data(page: Page, index: int = 0) -> list[dict[str, Any]]:
    """The traces of the index-th plotly chart on the page (``.js-plotly-plot``'s ``data``), JSON-safe.

    Typed arrays (FigureWidget sends numbers as binary buffers) become plain lists.
    """
    data: list[dict[str, Any]] = page.evaluate(
        """(i) => {
          const plot = document.querySelectorAll('.js-plotly-plot')[i];
          if (!plot) throw new Error(`no .js-plotly-plot number ${i} on the page`);
          const plain = (v) => ArrayBuffer.isView(v) ? Array.from(v)
            : Array.isArray(v) ? v.map(plain)
            : (v && typeof v === 'object') ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]))
            : v;
          return (plot.data || []).map((trace) => {
            const out = {};
            for (const [k, v] of Object.entries(trace)) {
              if (typeof v !== 'function' && !k.startsWith('_')) out[k] = plain(v);
            }
            return out;
          });
        }""",
        index,
    )
    return data


def open_voila(page: Page, server: JupyterServer, path: str = "", timeout: float = RUN_TIMEOUT) -> None:
    """Open a Voila page (standalone: path ""; in Lab: ``voila/render/<path>``) and wait until it is rendered.

    Voila executes the notebook before it sends the page; widgets then render in the browser, so wait for
    outputs with ``wait_for_output`` or a widget selector afterwards.
    """
    page.goto(server.url(path), wait_until="domcontentloaded", timeout=timeout)
    page.wait_for_function(
        "() => document.readyState !== 'loading' && !!document.querySelector('body')", timeout=timeout
    )


def settled_notebook_state(page: Page, timeout: float = KERNEL_TIMEOUT) -> dict[str, Any]:
    """The current notebook once Lab has applied its kernel's metadata: ``{"path", "dirty", "metadata"}``.

    On opening a notebook Lab writes its kernel's ``language_info`` (from the kernel's info) and ``kernelspec``
    (from its spec) into the document, and marks the document modified if that changes it. This waits until
    the document holds exactly what the kernel reports (at once, when the file already did; else when Lab has
    written it), then reads the modified flag: a file that differed has been marked by then.
    """
    wait_for_kernel_idle(page, timeout)
    reported: dict[str, Any] = page.evaluate(
        """async () => {
          const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
          const [info, spec] = [await kernel.info, await kernel.spec];
          return {language_info: info.language_info, display_name: spec.display_name, name: kernel.name};
        }"""
    )
    page.wait_for_function(
        """(reported) => {
          const model = window.jupyterapp.shell.currentWidget.context.model;
          const same = (a, b) => {
            if (a === b) return true;
            if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
            const keys = Object.keys(a);
            return keys.length === Object.keys(b).length && keys.every((k) => same(a[k], b[k]));
          };
          const spec = model.getMetadata('kernelspec') || {};
          return same(model.getMetadata('language_info'), reported.language_info)
            && spec.name === reported.name && spec.display_name === reported.display_name;
        }""",
        arg=reported,
        timeout=timeout,
    )
    state: dict[str, Any] = page.evaluate(
        """() => { const w = window.jupyterapp.shell.currentWidget;
          return {path: w.context.path, dirty: w.context.model.dirty, metadata: w.context.model.toJSON().metadata}; }"""
    )
    return state


def save_current_document(page: Page) -> None:
    """Save the current document as Ctrl+S does (``docmanager:save``) and wait until Lab reports it saved."""
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty")


def close_current_document(page: Page, timeout: float = KERNEL_TIMEOUT) -> list[str]:
    """Close the current document as its tab's close button does; return the texts of any dialog Lab raised
    (a modified document asks "Save changes ... before closing?"), dismissing it without saving.

    Waits until the document is closed or a dialog is up.
    """
    widget_id: str = page.evaluate(
        """() => { const w = window.jupyterapp.shell.currentWidget; const id = w.id; w.close(); return id; }"""
    )
    page.wait_for_function(
        """(id) => !!document.querySelector('.jp-Dialog')
             || ![...window.jupyterapp.shell.widgets('main')].some((w) => w.id === id)""",
        arg=widget_id,
        timeout=timeout,
    )
    dialogs: list[str] = page.locator(".jp-Dialog").all_inner_texts()
    if dialogs:
        page.locator(".jp-Dialog").get_by_role("button", name="Discard").click()
        page.wait_for_function(
            "(id) => ![...window.jupyterapp.shell.widgets('main')].some((w) => w.id === id)", arg=widget_id
        )
    return dialogs
