"""A student's strategy in a process of its own: it receives data, answers with an index, and has a time limit.

Why a process: code running in the same interpreter as the game can reach everything the interpreter holds
(the legal-action cache holds the state, ``sys._getframe`` reaches the caller's dice, ``gc.get_referrers``
finds the match), and a loop or a ``sleep`` in it cannot be stopped from outside. In a process of its own the
strategy holds only what it is handed:

- the parent sends the seat's observation and the legal actions as JSON (the actions as ``to_dict()``), and
  the state of the seat's own random generator;
- the child rebuilds the actions (by their class, checked field by field as a saved action is), calls the
  strategy, and answers with the *index* of the action it chose, the generator's new state and what it printed;
- the parent plays its own listed action at that index, so nothing the child makes is ever applied or
  unpickled; an answer that is late, malformed, or missing because the child died is refused, and the child
  is killed and started afresh for the next decision.

The child is a fresh interpreter (``python -c "from playbook.core.sandbox import main; main()"``) started
with :mod:`subprocess`, not a fork of the parent, so it holds no copy of the game; it works from a process
pool or a Dask worker too (daemonic processes may not use :mod:`multiprocessing` children). Messages are
JSON frames behind a 4-byte length on the child's stdin and stdout; the strategy's own ``print`` output is
captured and handed back, so it still shows in the notebook cell that ran the game.

What this does not protect (and says so in ``docs/isolation.md``): the child runs as the same user, so it
can read files the user can, use the network where there is one and use memory; only time is limited.
"""

from __future__ import annotations

import array
import base64
import contextlib
import importlib
import io
import json
import os
import random
import select
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Mapping, Sequence
from typing import IO, Any

import cloudpickle

from .errors import StrategyError, StrategyTimeoutError, shown
from .protocol import Action, Json
from .serialize import record_from_dict

#: Seconds a fresh child may take to start and load the strategy (imports count here, not in a decision).
STARTUP_LIMIT = 60.0
#: The largest answer the parent reads from a child (an index, a generator state and some printed text).
MAX_ANSWER_BYTES = 1 << 20
#: The most printed text a child hands back per decision; the rest is cut.
MAX_PRINTED = 10_000
_RNG_WORDS = 625
#: An array type of 4-byte words, for the generator's state.
_WORD = "I" if array.array("I").itemsize == 4 else "L"


class SandboxError(StrategyError):
    """The strategy's process stopped, or answered something that is not an answer."""


class Sandbox:
    """One child process running one strategy; :meth:`decide` asks it for a decision under a time limit.

    ``payload`` is the cloudpickled object whose ``choose(observation, legal_actions, rng)`` the child calls;
    ``label`` names it in messages. The child starts on the first decision and again after a kill. A lock
    keeps two threads sharing one agent from interleaving their messages.
    """

    def __init__(self, payload: bytes, label: str) -> None:
        self._payload = payload
        self.label = label
        self._process: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        self._sent_classes: set[type[Action]] = set()
        self._rng_known: tuple[int, Any] | None = None  # (id of the generator, its state after the last answer)
        self._finalizer: weakref.finalize[Any, Any] | None = None

    # -- the parent's side ---------------------------------------------------------------------------
    def decide(
        self,
        observation: Mapping[str, Json],
        legal_actions: Sequence[Action],
        rng: random.Random,
        time_limit: float | None,
    ) -> Action:
        """The listed action the strategy picks; ``StrategyError`` (timeout, crash, bad answer) otherwise.
        ``time_limit`` is in seconds (``None``: wait as long as it takes)."""
        with self._lock:
            if self._process is None or self._process.poll() is not None:
                self._start()
            request = self._request(observation, legal_actions, rng)
            deadline = None if time_limit is None else time.monotonic() + time_limit
            try:
                self._send(request, deadline)
                answer = self._receive(deadline)
            except _Late:
                self.close()
                raise StrategyTimeoutError(
                    f"strategy {self.label}: no answer within {time_limit or 0:g} s (stopped; it starts afresh)"
                ) from None
            except _Gone:
                code = self._process.wait() if self._process is not None else None
                self.close()
                raise SandboxError(f"strategy {self.label}: its process stopped (exit code {code})") from None
            except BaseException:
                # Stopped while waiting (KeyboardInterrupt, a killed kernel's signal): the answer would stay in the
                # pipe and be read as the next decision's, so the process goes and the next one starts afresh.
                self.close()
                raise
            return self._read_answer(answer, legal_actions, rng)

    def _request(self, observation: Mapping[str, Json], legal_actions: Sequence[Action], rng: random.Random) -> bytes:
        classes = {}
        for action in legal_actions:
            cls = type(action)
            if cls not in self._sent_classes:
                self._sent_classes.add(cls)
                classes[cls.__name__] = f"{cls.__module__}:{cls.__qualname__}"
        state = rng.getstate()
        known = self._rng_known
        same = known is not None and known[0] == id(rng) and known[1] == state
        message: dict[str, Any] = {
            "observation": observation,
            "legal": [action.to_dict() for action in legal_actions],
            "classes": classes,
            "rng": None if same else pack_rng_state(state),
        }
        try:
            return json.dumps(message).encode()
        except (TypeError, ValueError) as exc:
            raise SandboxError(f"strategy {self.label}: the observation is not JSON data ({exc})") from exc

    def _read_answer(self, raw: bytes, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        try:
            answer = json.loads(raw)
        except (ValueError, RecursionError):
            answer = None
        if not isinstance(answer, dict):
            self.close()
            raise SandboxError(f"strategy {self.label}: its process answered something that is not an answer")
        printed = answer.get("out")
        if isinstance(printed, str) and printed:
            sys.stdout.write(printed[:MAX_PRINTED])
        state = unpack_rng_state(answer.get("rng"))
        if state is not None:  # the strategy drew from its generator: the seat's generator moves on as it did
            rng.setstate(state)
        self._rng_known = (id(rng), rng.getstate())
        error = answer.get("error")
        if isinstance(error, str):
            raise StrategyError(error[:2_000])
        index = answer.get("index")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(legal_actions):
            self.close()
            raise SandboxError(f"strategy {self.label}: its process answered index {shown(index)}")
        return legal_actions[index]

    def _start(self) -> None:
        self.close()
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(path for path in sys.path if path)
        env["PYTHONUNBUFFERED"] = "1"
        process = subprocess.Popen(
            [sys.executable, "-c", "from playbook.core.sandbox import main; main()"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )
        self._process = process
        self._finalizer = weakref.finalize(self, _stop, process)
        self._sent_classes = set()
        self._rng_known = None
        deadline = time.monotonic() + STARTUP_LIMIT
        try:
            self._send(self._payload, deadline)
            ready = json.loads(self._receive(deadline))
        except (_Late, _Gone, ValueError):
            self.close()
            raise SandboxError(f"strategy {self.label}: its process did not start") from None
        if not isinstance(ready, dict) or ready.get("ready") is not True:
            error = ready.get("error") if isinstance(ready, dict) else None
            self.close()
            raise SandboxError(f"strategy {self.label}: could not be loaded: {str(error)[:500]}")

    def _send(self, body: bytes, deadline: float | None) -> None:
        process = self._process
        assert process is not None and process.stdin is not None
        _write_frame(process.stdin, body, deadline)

    def _receive(self, deadline: float | None) -> bytes:
        process = self._process
        assert process is not None and process.stdout is not None
        return _read_frame(process.stdout, deadline, MAX_ANSWER_BYTES)

    def close(self) -> None:
        """Stop the child (a later decision starts a new one)."""
        if self._finalizer is not None:
            self._finalizer()
            self._finalizer = None
        self._process = None

    def __getstate__(self) -> dict[str, Any]:  # a sandbox travels as its payload, never as a live process
        return {"payload": self._payload, "label": self.label}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["payload"], state["label"])  # type: ignore[misc]


class _Late(Exception):
    """No (whole) message before the deadline."""


class _Gone(Exception):
    """The pipe closed: the process ended."""


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.kill()
    with contextlib.suppress(Exception):
        process.wait(timeout=5)
    for pipe in (process.stdin, process.stdout):
        if pipe is not None:
            with contextlib.suppress(Exception):
                pipe.close()


def _write_frame(pipe: IO[bytes], body: bytes, deadline: float | None) -> None:
    data = memoryview(len(body).to_bytes(4, "big") + body)
    fd = pipe.fileno()
    while data:
        if deadline is not None:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([], [fd], [], remaining)[1]:
                raise _Late
        try:
            written = os.write(fd, data[: 1 << 16])
        except (BrokenPipeError, OSError):
            raise _Gone from None
        data = data[written:]


def _read_exact(fd: int, count: int, deadline: float | None) -> bytes:
    chunks = bytearray()
    while len(chunks) < count:
        if deadline is not None:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
                raise _Late
        chunk = os.read(fd, count - len(chunks))
        if not chunk:
            raise _Gone
        chunks += chunk
    return bytes(chunks)


def _read_frame(pipe: IO[bytes], deadline: float | None, limit: int) -> bytes:
    fd = pipe.fileno()
    size = int.from_bytes(_read_exact(fd, 4, deadline), "big")
    if size > limit:
        raise _Gone
    return _read_exact(fd, size, deadline)


def pack_rng_state(state: tuple[Any, ...]) -> Json:
    """A ``random.Random`` state as JSON: its 625 words as base64 (a list of 625 numbers costs ten times more)."""
    version, words, gauss = state
    return [version, base64.b64encode(array.array(_WORD, words).tobytes()).decode(), gauss]


def unpack_rng_state(value: object) -> tuple[Any, ...] | None:
    """A ``random.Random`` state from :func:`pack_rng_state`, or ``None`` when it is not one (the child is
    not trusted, so every part is checked)."""
    if not (isinstance(value, list) and len(value) == 3 and value[0] == 3 and isinstance(value[1], str)):
        return None
    try:
        raw = base64.b64decode(value[1], validate=True)
    except ValueError:
        return None
    if len(raw) != _RNG_WORDS * array.array(_WORD).itemsize:
        return None
    words = array.array(_WORD)
    words.frombytes(raw)
    gauss = value[2]
    if words[-1] > _RNG_WORDS - 1 or (gauss is not None and type(gauss) is not float):
        return None
    return (3, tuple(words), gauss)


# -- the child's side ------------------------------------------------------------------------------------
class _Child:
    """The loop in the child: load the strategy, then answer one decision per request."""

    def __init__(self, requests: IO[bytes], answers: IO[bytes]) -> None:
        self.requests = requests
        self.answers = answers
        self.classes: dict[str, type[Action]] = {}
        self.rng = random.Random()
        self.decider: Any = None

    def serve(self) -> None:
        try:
            self.decider = cloudpickle.loads(_read_frame(self.requests, None, 1 << 30))
        except _Gone:
            return
        except BaseException as exc:  # anything the payload raises is reported, not a crash
            self._answer({"error": f"{type(exc).__name__}: {exc}"})
            return
        self._answer({"ready": True})
        while True:
            try:
                request = json.loads(_read_frame(self.requests, None, 1 << 30))
            except _Gone:
                return
            self._answer(self.decide(request))

    def decide(self, request: dict[str, Any]) -> dict[str, Json]:
        for name, where in request["classes"].items():
            module, _, qualname = where.partition(":")
            found: Any = importlib.import_module(module)
            for part in qualname.split("."):
                found = getattr(found, part)
            self.classes[name] = found
        if request["rng"] is not None:
            given = unpack_rng_state(request["rng"])
            if given is not None:
                self.rng.setstate(given)
        before = self.rng.getstate()
        legal = [self._action(data) for data in request["legal"]]
        printed = io.StringIO()
        answer: dict[str, Json]
        try:
            with contextlib.redirect_stdout(printed):
                chosen = self.decider.choose(request["observation"], legal, self.rng)
            answer = {"index": _listed_index(chosen, legal)}
        except _NotListed as exc:
            answer = {"error": f"{_name(self.decider)} returned {shown(exc.args[0])}, which is not one of the "
                      f"{len(legal)} legal actions (return an item of legal_actions)"}  # fmt: skip
        except StrategyError as exc:
            answer = {"error": str(exc)}
        except BaseException as exc:  # SystemExit and KeyboardInterrupt are the strategy's failures too
            answer = {"error": f"{_name(self.decider)} raised {type(exc).__name__}: {str(exc)[:300]}"}
        state = self.rng.getstate()
        answer["rng"] = None if state == before else pack_rng_state(state)
        answer["out"] = printed.getvalue()[:MAX_PRINTED]
        return answer

    def _action(self, data: dict[str, Any]) -> Action:
        cls = self.classes[data["type"]]
        action: Action = record_from_dict(cls, {k: v for k, v in data.items() if k != "type"}, str(data["type"]))
        return action

    def _answer(self, message: Mapping[str, Json]) -> None:
        _write_frame(self.answers, json.dumps(message).encode(), None)


class _NotListed(Exception):
    """The strategy returned something that is not one of the legal actions."""


def _listed_index(chosen: object, legal: Sequence[Action]) -> int:
    """The index of ``chosen`` in ``legal``: the same object, or an equal one of the same type and text
    (``Draw(count=1.0)`` equals ``Draw(count=1)`` but is not it)."""
    for index, action in enumerate(legal):
        if action is chosen:
            return index
    for index, action in enumerate(legal):
        if type(action) is type(chosen) and action == chosen and repr(action) == repr(chosen):
            return index
    raise _NotListed(chosen)


def _name(decider: object) -> str:
    name = getattr(decider, "name", type(decider).__name__)
    return f"strategy {name!r}"


def main() -> None:
    """Entry point of the child (run by :meth:`Sandbox._start`): the protocol runs on copies of stdin and
    stdout; the strategy's own stdin reads nothing and anything it writes to the real stdout goes to stderr."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C in a terminal stops the game, not the strategy
    requests = os.fdopen(os.dup(0), "rb", buffering=0)
    answers = os.fdopen(os.dup(1), "wb", buffering=0)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.dup2(2, 1)
    _Child(requests, answers).serve()
