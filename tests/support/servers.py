"""Start and stop throw-away JupyterLab and Voila servers for tests.

Every server listens on 127.0.0.1 on a free port, without a token or password, with its own
``JUPYTER_CONFIG_DIR``, ``JUPYTER_DATA_DIR``, ``JUPYTER_RUNTIME_DIR`` and ``IPYTHONDIR`` in a temporary
directory (so nothing from ``~/.jupyter`` leaks in and JupyterLab's news pop-up is disabled). It runs in its
own process group; ``stop()`` ends that group and then any kernel the server started (jupyter_client puts
kernels in sessions of their own), each by its PID.

The executables come from a ``bin`` directory, by default the one holding ``sys.executable`` (the venv the
tests run in); the Binder simulation passes the ``bin`` of its fresh venv.

    with lab_server(root_dir=repo) as lab:
        urllib.request.urlopen(lab.url("lab/tree/notebooks/intro.ipynb"))
    with voila_server(notebook) as app:
        page.goto(app.url(), wait_until="domcontentloaded")
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "DEFAULT_BIN_DIR",
    "JupyterServer",
    "ServerStartError",
    "free_port",
    "http_get",
    "isolated_jupyter_env",
    "kernel_pids",
    "lab_server",
    "start_lab",
    "start_voila",
    "voila_server",
    "wait_for_http",
    "wait_for_kernels",
]

# The venv the tests run in: do not resolve symlinks, the venv's python is a link to the base interpreter.
DEFAULT_BIN_DIR = Path(sys.executable).parent
START_TIMEOUT = 180.0  # seconds; Lab is ready in ~3 s on an idle 2-core machine, much slower under load
ANNOUNCEMENTS_PLUGIN = "@jupyterlab/apputils-extension:announcements"


class ServerStartError(RuntimeError):
    """A server exited or did not answer in time; the message ends with the tail of its log."""


def free_port() -> int:
    """A TCP port that was free on 127.0.0.1 a moment ago (servers are started with no port retries)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def http_get(url: str, timeout: float = 30.0) -> tuple[int, str]:
    """GET ``url`` without any proxy; return (status, body). HTTP errors are returned, not raised."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(url, timeout=timeout) as response:
            return int(response.status), response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as err:
        return int(err.code), err.read().decode("utf-8", "replace")


def isolated_jupyter_env(
    base_dir: Path, bin_dir: Path = DEFAULT_BIN_DIR, config_path: Sequence[Path] = ()
) -> dict[str, str]:
    """The environment for a Jupyter process whose config, data, runtime and IPython dirs live in base_dir.

    The venv's own ``share/jupyter`` (kernelspec ``python3``, lab extensions) and ``etc/jupyter`` (the voila
    server extension) are still found through ``sys.prefix``. The announcements plugin is disabled.
    ``config_path`` directories (e.g. the repository's ``etc/jupyter``) go on ``JUPYTER_CONFIG_PATH``.
    """
    dirs = {
        "JUPYTER_CONFIG_DIR": base_dir / "config",
        "JUPYTER_DATA_DIR": base_dir / "data",
        "JUPYTER_RUNTIME_DIR": base_dir / "runtime",
        "IPYTHONDIR": base_dir / "ipython",
    }
    for path in dirs.values():
        path.mkdir(parents=True, exist_ok=True)
    labconfig = dirs["JUPYTER_CONFIG_DIR"] / "labconfig"
    labconfig.mkdir(exist_ok=True)
    (labconfig / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {ANNOUNCEMENTS_PLUGIN: True}}), encoding="utf-8"
    )
    env = {key: value for key, value in os.environ.items() if not key.startswith(("JUPYTER_", "VIRTUAL_ENV"))}
    env.pop("JPY_SESSION_NAME", None)
    env.update({key: str(path) for key, path in dirs.items()})
    if config_path:
        env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(str(Path(path).resolve()) for path in config_path)
    env["VIRTUAL_ENV"] = str(bin_dir.parent)
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONUNBUFFERED"] = "1"
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"  # silences a debugpy warning in every kernel log
    for proxy in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        env.pop(proxy, None)
    env["NO_PROXY"] = env["no_proxy"] = "127.0.0.1,localhost"
    return env


def _descendants(pid: int) -> list[int]:
    """PIDs of every live descendant of pid, read from /proc (Linux)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # "pid (comm) state ppid ...": comm may hold spaces or parentheses, so split after the last ')'.
        fields = stat[stat.rfind(")") + 2 :].split()
        children.setdefault(int(fields[1]), []).append(int(entry.name))
    found: list[int] = []
    stack = [pid]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def kernel_pids(server: JupyterServer) -> list[int]:
    """PIDs of the kernels a server is running now (its ``ipykernel`` descendants)."""
    found = []
    for pid in _descendants(server.pid):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"ipykernel" in command and _alive(pid):
            found.append(pid)
    return found


def wait_for_kernels(server: JupyterServer, at_most: int, timeout: float = 120.0) -> int:
    """Poll until the server runs at most ``at_most`` kernels; return the count, or raise after timeout."""
    deadline = time.monotonic() + timeout
    while True:
        count = len(kernel_pids(server))
        if count <= at_most:
            return count
        if time.monotonic() > deadline:
            raise AssertionError(f"{count} kernels still running after {timeout:.0f} s (wanted {at_most} or fewer)")
        time.sleep(0.2)  # polling the server's processes, not a fixed wait


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a zombie is dead for our purposes
        return "Z" not in Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[:1]
    except OSError:
        return False


@dataclass
class JupyterServer:
    """A running server: its process, base URL, root and log. ``url(path)`` joins a path to the base URL.

    ``prefix`` is the server's ``ServerApp.base_url`` (``/`` unless started under one, as JupyterHub and
    Binder do with ``/user/<name>/``); ``base_url`` is the full URL of that prefix.
    """

    kind: str
    process: subprocess.Popen[bytes]
    port: int
    root_dir: Path
    log_path: Path
    env: dict[str, str]
    prefix: str = "/"
    base_url: str = field(init=False)
    _log_file: object = field(default=None, repr=False)
    _workdir: tempfile.TemporaryDirectory[str] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.base_url = f"http://127.0.0.1:{self.port}{self.prefix}"

    @property
    def pid(self) -> int:
        return self.process.pid

    def url(self, path: str = "") -> str:
        return self.base_url + path.lstrip("/")

    def log_tail(self, lines: int = 60) -> str:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def stop(self, timeout: float = 15.0) -> None:
        """SIGTERM the server's process group, then SIGKILL what is left, kernels included; by PID."""
        kernels = [pid for pid in _descendants(self.pid) if _pgid(pid) != self.pid]
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.pid, signal.SIGKILL)
                self.process.wait(timeout=timeout)
        with contextlib.suppress(ProcessLookupError):  # anything still in the group (a kernel's child)
            os.killpg(self.pid, signal.SIGKILL)
        deadline = time.monotonic() + 5.0
        for pid in kernels:  # kernels the server did not shut down on SIGTERM
            while _alive(pid) and time.monotonic() < deadline:
                time.sleep(0.1)
            if _alive(pid):
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
        if self._log_file is not None:
            self._log_file.close()  # type: ignore[attr-defined]
            self._log_file = None
        if self._workdir is not None:
            self._workdir.cleanup()
            self._workdir = None


def _pgid(pid: int) -> int | None:
    try:
        return os.getpgid(pid)
    except ProcessLookupError:
        return None


def wait_for_http(
    url: str,
    process: subprocess.Popen[bytes] | None = None,
    timeout: float = START_TIMEOUT,
    ok: Callable[[int], bool] = lambda status: status == 200,
) -> int:
    """Poll url until ok(status) (bounded by timeout); raise ServerStartError if process exits first."""
    deadline = time.monotonic() + timeout
    delay = 0.1
    last_error = "no answer"
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise ServerStartError(f"server exited with code {process.returncode} before {url} answered")
        try:
            status, _ = http_get(url, timeout=5.0)
        except (OSError, urllib.error.URLError) as err:
            last_error = repr(err)
        else:
            if ok(status):
                return status
            last_error = f"HTTP {status}"
        time.sleep(delay)
        delay = min(delay * 1.5, 1.0)
    raise ServerStartError(f"{url} not ready after {timeout:.0f} s ({last_error})")


def _start(
    kind: str,
    argv_for_port: Callable[[int], list[str]],
    ready_path: str,
    ready: Callable[[int], bool],
    root_dir: Path,
    bin_dir: Path,
    cwd: Path,
    timeout: float,
    attempts: int = 3,
    config_path: Sequence[Path] = (),
    prefix: str = "/",
) -> JupyterServer:
    workdir = tempfile.TemporaryDirectory(prefix=f"playbook-{kind}-")
    base = Path(workdir.name)
    env = isolated_jupyter_env(base, bin_dir, config_path)
    for attempt in range(1, attempts + 1):
        port = free_port()
        log_path = base / f"{kind}-{attempt}.log"
        log_file = log_path.open("wb")
        process = subprocess.Popen(
            argv_for_port(port),
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, stopped as one
        )
        server = JupyterServer(kind, process, port, root_dir, log_path, env, prefix)
        server._log_file = log_file
        server._workdir = workdir
        try:
            wait_for_http(server.url(ready_path), process, timeout=timeout, ok=ready)
        except ServerStartError as err:
            tail = server.log_tail()
            port_taken = "Address already in use" in tail or "already in use" in tail.lower()
            server._workdir = None  # keep the directory for the next attempt
            server.stop()
            if port_taken and attempt < attempts:
                continue
            workdir.cleanup()
            raise ServerStartError(f"{kind} did not start: {err}\n--- log ---\n{tail}") from None
        return server
    raise AssertionError("unreachable")


def start_lab(
    root_dir: Path,
    bin_dir: Path = DEFAULT_BIN_DIR,
    extra_args: Sequence[str] = (),
    timeout: float = START_TIMEOUT,
    config_path: Sequence[Path] = (),
    base_url: str = "/",
    check_xsrf: bool = False,
) -> JupyterServer:
    """Start JupyterLab on root_dir (token-less, loopback, app exposed as ``window.jupyterapp``).

    Ready when ``/api/status`` answers 200. Voila, when installed in that venv, is served under ``/voila/``.
    Without ``config_path`` kernels are never culled; with it, the culling of those config files applies.
    ``base_url`` (e.g. ``/user/someone/``, as on JupyterHub and Binder) puts every URL under that prefix;
    ``server.url(path)`` includes it. ``check_xsrf=True`` keeps Jupyter's XSRF checks on, as ``make lab``,
    Binder and JupyterHub have them (a POST then needs the ``_xsrf`` cookie a Lab page sets).
    """
    root_dir = Path(root_dir).resolve()
    prefix = "/" + base_url.strip("/") + "/" if base_url.strip("/") else "/"

    def argv(port: int) -> list[str]:
        return [
            str(bin_dir / "jupyter-lab"),
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={port}",
            "--ServerApp.port_retries=0",
            f"--ServerApp.root_dir={root_dir}",
            "--IdentityProvider.token=",
            "--ServerApp.password=",
            *([] if check_xsrf else ["--ServerApp.disable_check_xsrf=True"]),
            "--ServerApp.allow_root=True",
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--ServerApp.shutdown_no_activity_timeout=0",
            f"--ServerApp.base_url={prefix}",
            *([] if config_path else ["--MappingKernelManager.cull_idle_timeout=0"]),
            *extra_args,
        ]

    return _start(
        "lab",
        argv,
        "api/status",
        lambda s: s == 200,
        root_dir,
        bin_dir,
        root_dir,
        timeout,
        config_path=config_path,
        prefix=prefix,
    )


def start_voila(
    notebook: Path,
    bin_dir: Path = DEFAULT_BIN_DIR,
    extra_args: Sequence[str] = (),
    timeout: float = START_TIMEOUT,
    config_path: Sequence[Path] = (),
) -> JupyterServer:
    """Start standalone Voila on one notebook, its dashboard at ``server.url()``; or on a directory, as
    ``make voila`` serves ``widgets/``, each dashboard at ``server.url("voila/render/<name>.ipynb")``.

    Ready when Tornado answers (``/voila/static/`` gives any HTTP status: a GET of ``/`` would run the
    notebook). The code cells are hidden, as Voila does by default.
    """
    notebook = Path(notebook).resolve()

    def argv(port: int) -> list[str]:
        return [
            str(bin_dir / "voila"),
            str(notebook),
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            "--Voila.port_retries=0",
            *extra_args,
        ]

    return _start(
        "voila",
        argv,
        "voila/static/",
        lambda status: status < 500,
        notebook.parent,
        bin_dir,
        notebook.parent,
        timeout,
        config_path=config_path,
    )


@contextlib.contextmanager
def lab_server(
    root_dir: Path,
    bin_dir: Path = DEFAULT_BIN_DIR,
    extra_args: Sequence[str] = (),
    config_path: Sequence[Path] = (),
    base_url: str = "/",
    check_xsrf: bool = False,
) -> Iterator[JupyterServer]:
    """``start_lab`` as a context manager that always stops the server."""
    server = start_lab(root_dir, bin_dir, extra_args, config_path=config_path, base_url=base_url, check_xsrf=check_xsrf)
    try:
        yield server
    finally:
        server.stop()


@contextlib.contextmanager
def voila_server(
    notebook: Path, bin_dir: Path = DEFAULT_BIN_DIR, extra_args: Sequence[str] = (), config_path: Sequence[Path] = ()
) -> Iterator[JupyterServer]:
    """``start_voila`` as a context manager that always stops the server."""
    server = start_voila(notebook, bin_dir, extra_args, config_path=config_path)
    try:
        yield server
    finally:
        server.stop()
