"""One product of a build made in a process of its own, with the gate's games, while the build's own
process goes on.

A deck's build is mostly two independent halves: the compiled rules (numba's tables, the gate's
games, the booklet's worked examples), with the booklet (its rules text filled in, WeasyPrint's
layout or a kept one, the A4 imposition), and everything that draws the faces (the preflights, the
gate's other checks, the card sheets, the report's proof). With a second core (`BuildSettings.jobs`),
`build.py` starts the booklet in a worker as soon as the deck is loaded: the worker first plays the
gate's games (check/gate.py `played_checks`, when they all play in one process; or reads them kept
from an identical earlier build: check/kept.py) and sends their
checks, showing their progress through the build's reporter; then it runs the booklet's own
preflights and reports them, then writes the booklet into a private folder. The build's process runs
its own preflights and the gate's other checks, takes the played checks into its verdict (the same
verdict: the games are the same blocks of the same seeds), and takes the worker's preflight verdict
before raising anything later in the build, as a one-process build would have met it first (so the
same first problem is reported: tests/test_build_apart.py); last it moves the booklet's files into the
staging folder at the booklet's place in the product order. The files are made by the same code from
the same deck, so they are the same bytes (tests/test_build_pool.py). A refused build stops the
worker; nothing it wrote is published.
"""
from __future__ import annotations

import pickle
import shutil
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import CardforgeError
from .progress import SILENT

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

    from .artifacts import Build
    from .check.options import CheckOptions
    from .check.results import DeckCheck
    from .products import BuildSettings, Product


@dataclass(frozen=True)
class _Failed:
    """An exception raised in the worker, sent back to be raised again in the build's process."""

    error: BaseException


def _portable(exc: BaseException) -> BaseException:
    """The exception itself when it survives pickling, else a CardforgeError saying what it was."""
    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:  # an exception class whose constructor pickle cannot call again
        return CardforgeError(f"{type(exc).__name__}: {exc}")


class _PipeReporter:
    """The worker's progress, sent to the build's process, which shows it (progress.Reporter)."""

    def __init__(self, pipe: Connection) -> None:
        self._pipe = pipe

    def step(self, deck: str, step: str) -> None:
        self._pipe.send(("progress", "step", (deck, step)))

    def advance(self, done: int, total: int) -> None:
        self._pipe.send(("progress", "advance", (done, total)))

    def pause(self) -> None:
        pass


def _work(build: Build, settings: BuildSettings, product: Product, folder: Path, pipe: Connection,
          gate: CheckOptions | None = None) -> None:
    """The worker: the gate's games when asked (`gate`: the checks that play them), the product's
    preflights (the first refusal, or None), then its files (names in `folder`)."""
    from .check.preflight import run_preflights

    _ignore_interrupts()
    deck = build.deck
    try:
        with build.active():
            if gate is not None:
                from .check.kept import played_or_kept

                try:
                    pipe.send(("played", played_or_kept(deck, replace(gate, reporter=_PipeReporter(pipe)))))
                except Exception as exc:  # raised by the build's process where its gate would have raised it
                    pipe.send(("played", _Failed(_portable(exc))))
            refused = next((f"{deck.id} cannot be built: {r.name}: {r.reason}"
                            for r in run_preflights(deck, settings.sheets, product.preflights(deck), own=False)
                            if not r.ok), None)
            pipe.send(("preflight", refused))
            if refused is not None:
                return
            written: list[str] = []
            for writer in product.writers:
                if writer.wanted(settings):
                    written += [str(path.relative_to(folder)) for path in writer.write(deck, folder, settings)]
            pipe.send(("files", written))
    except BaseException as exc:  # sent back whole: the build's process raises it where it would have
        pipe.send(_Failed(_portable(exc)))
    finally:
        pipe.close()


def _ignore_interrupts() -> None:
    """Ctrl-C belongs to the build's process, which stops this worker (`Apart.stop`): a worker that
    raised KeyboardInterrupt itself could print a traceback beside the build's one-line "interrupted"."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C while the worker forks (POSIX): the child then starts with it blocked and ignores it
    before unblocking, and the build's process gets it, once the worker exists, to stop it."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class Apart:
    """A product being made by a worker process, which may play the gate's games too: `verdict()`,
    `preflighted()` and `collect()` wait for its results, showing its progress meanwhile."""

    def __init__(self, build: Build, settings: BuildSettings, product: Product) -> None:
        from .processes import process_context

        self.product = product
        self.folder = Path(tempfile.mkdtemp(prefix=f"cardforge-{product.name}-"))
        context = process_context()
        receive, send = context.Pipe(duplex=False)
        quiet = replace(settings, reporter=SILENT, check=None, verdict=None, jobs=1)
        from .check.gate import played_in_process, plays

        check = settings.check
        self.plays = check is not None and plays(build.deck, check) and played_in_process(build.deck, check)
        """The worker plays the gate's games (check/gate.py `played_checks`): this process loads no compiled rules."""
        gate = replace(check, reporter=None, progress=False, preflight=False) if check is not None and self.plays \
            else None
        self._reporter = settings.check.reporter if settings.check is not None else None
        self._pipe = receive
        self._got: dict[str, Any] = {}
        self._preflighted = False
        self._process: BaseProcess = context.Process(  # type: ignore[attr-defined]
            target=_work, args=(build, quiet, product, self.folder, send, gate), daemon=False)
        try:
            with _interrupts_held():
                self._process.start()
        except BaseException:  # Ctrl-C held during the start arrives here: the worker stops with the build
            self.stop()
            raise
        finally:
            send.close()

    def _result(self, kind: str) -> Any:
        """The worker's `kind` result ("played", "preflight", "files"), waiting for it; its progress on
        the way is shown by this build's reporter."""
        while kind not in self._got:
            try:
                message = self._pipe.recv()
            except EOFError:
                code = self._process.exitcode
                raise CardforgeError(f"the {self.product.name} worker stopped without finishing (exit code "
                                     f"{code})") from None
            if isinstance(message, _Failed):
                raise message.error
            tag, *rest = message
            if tag == "progress":
                method, args = rest
                if self._reporter is not None:
                    getattr(self._reporter, method)(*args)
                continue
            self._got[tag] = rest[0]
        found = self._got[kind]
        if isinstance(found, _Failed):
            raise found.error
        return found

    def played(self) -> DeckCheck:
        """The checks that play the deck's game, made by the worker (check/gate.py `played_checks`)."""
        result: DeckCheck = self._result("played")
        return result

    def preflighted(self) -> None:
        """Wait for the product's preflights; raise the first refusal as the serial build would have."""
        from .check.preflight import PreflightError

        if self._preflighted:
            return
        refused = self._result("preflight")
        self._preflighted = True
        if refused is not None:
            raise PreflightError(refused)

    def collect(self, stage: Path) -> list[Path]:
        """Wait for the product's files and move them into the staging folder; the paths there."""
        self.preflighted()
        moved = []
        for name in self._result("files"):
            target = stage / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(self.folder / name, target)
            moved.append(target)
        return moved

    def stop(self) -> None:
        """End the worker (at once, if the build stopped early) and remove its folder."""
        if self._process.pid is not None:
            if self._process.is_alive():
                self._process.terminate()
            self._process.join()
        self._pipe.close()
        shutil.rmtree(self.folder, ignore_errors=True)


APART = ("booklet",)
"""The products worth a process of their own: the booklet is the longest and shares nothing it makes
with the other products, so a second core makes it while the rest of the build runs."""


def start_apart(build: Build, settings: BuildSettings, products: tuple[Product, ...]) -> Apart | None:
    """Start the booklet's worker when this build may use a second process and makes something besides it."""
    if settings.jobs < 2 or len(products) < 2:
        return None
    chosen = next((p for p in products if p.name in APART and any(w.wanted(settings) for w in p.writers)), None)
    if chosen is None or chosen.why_not(build.deck) is not None:
        return None
    return Apart(build, settings, chosen)
