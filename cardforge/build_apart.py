"""One product of a build made in a process of its own, while the build's own process goes on.

A deck's build is mostly two independent halves: the booklet (its rules text filled in, WeasyPrint's
layout, the A4 imposition) and everything else (the preflights, the gate's simulation, the card
sheets, the report). With a second core (`BuildSettings.jobs`), `build.py` starts the booklet in a
worker as soon as the deck is loaded: the worker runs the booklet's own preflights and reports them,
then writes the booklet into a private folder. The build's process runs its own preflights and the
gate, then takes the worker's preflight verdict, which outranks the gate's as it would in a
one-process build (so the same first problem is reported: tests/test_build_apart.py), and moves the
booklet's files into the staging folder at the booklet's place in the product order. The files are
made by the same code from the same deck, so they are the same bytes (tests/test_build_pool.py). A
refused build stops the worker; nothing it wrote is published.
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


def _work(build: Build, settings: BuildSettings, product: Product, folder: Path, pipe: Connection) -> None:
    """The worker: the product's preflights (the first refusal, or None), then its files (names in `folder`)."""
    from .check.preflight import run_preflights

    _ignore_interrupts()
    deck = build.deck
    try:
        with build.active():
            refused = next((f"{deck.id} cannot be built: {r.name}: {r.reason}"
                            for r in run_preflights(deck, settings.sheets, product.preflights(deck), own=False)
                            if not r.ok), None)
            pipe.send(refused)
            if refused is not None:
                return
            written: list[str] = []
            for writer in product.writers:
                if writer.wanted(settings):
                    written += [str(path.relative_to(folder)) for path in writer.write(deck, folder, settings)]
            pipe.send(written)
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
    """A product being made by a worker process: `preflighted()` and `collect()` wait for its two results."""

    def __init__(self, build: Build, settings: BuildSettings, product: Product) -> None:
        from .processes import process_context

        self.product = product
        self.folder = Path(tempfile.mkdtemp(prefix=f"cardforge-{product.name}-"))
        context = process_context()
        receive, send = context.Pipe(duplex=False)
        quiet = replace(settings, reporter=SILENT, check=None, verdict=None, jobs=1)
        self._pipe = receive
        self._preflighted = False
        self._process: BaseProcess = context.Process(  # type: ignore[attr-defined]
            target=_work, args=(build, quiet, product, self.folder, send), daemon=True)
        try:
            with _interrupts_held():
                self._process.start()
        except BaseException:  # Ctrl-C held during the start arrives here: the worker stops with the build
            self.stop()
            raise
        finally:
            send.close()

    def _next(self) -> Any:
        try:
            message = self._pipe.recv()
        except EOFError:
            code = self._process.exitcode
            raise CardforgeError(f"the {self.product.name} worker stopped without finishing (exit code {code})") \
                from None
        if isinstance(message, _Failed):
            raise message.error
        return message

    def preflighted(self) -> None:
        """Wait for the product's preflights; raise the first refusal as the serial build would have."""
        from .check.preflight import PreflightError

        if self._preflighted:
            return
        refused = self._next()
        self._preflighted = True
        if refused is not None:
            raise PreflightError(refused)

    def collect(self, stage: Path) -> list[Path]:
        """Wait for the product's files and move them into the staging folder; the paths there."""
        self.preflighted()
        moved = []
        for name in self._next():
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
    if build.deck.ruleset is not None and settings.check is not None:
        _compiler_loaded()
    return Apart(build, settings, chosen)


def _compiler_loaded() -> None:
    """Load numba's compiler tables once, before the worker forks: both processes run compiled rules (the
    gate its simulation, the booklet its worked examples), and each would otherwise spend about a second
    of CPU loading them (numba's NumPy support, which imports SciPy's BLAS where SciPy is installed).
    A spawned worker loads its own; only a forked one shares these."""
    from .processes import start_method

    if start_method() != "fork":
        return
    try:
        from numba.core.registry import cpu_target

        cpu_target.target_context.refresh()
    except Exception:  # numba's layout changed: each process loads them itself, as without this
        return
