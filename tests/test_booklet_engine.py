"""Without WeasyPrint's native libraries (macOS or Windows without Pango) `check` says the booklet cannot be
laid out, as `build` refuses it, in one line pointing at the README and `--only cards`
(cardforge/booklet/engine.py); the cards still build."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cardforge.booklet import engine
from cardforge.cli import INTERNAL_ERROR, main

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> Result:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code != INTERNAL_ERROR, result.output
    return result


def test_the_libraries_are_read_from_weasyprints_own_source() -> None:
    """The names come from WeasyPrint's text/ffi.py, not a copy of them: if it moves them, this fails."""
    found = engine.required_libraries()
    firsts = [names[0] for names in found]
    assert firsts == ["libgobject-2.0-0", "libpango-1.0-0", "libharfbuzz-0", "libfontconfig-1", "libpangoft2-1.0-0"]
    assert all(any(name.endswith(".dylib") for name in names) and any(name.endswith(".dll") for name in names)
               for names in found)
    assert engine.first_missing() is None  # this machine lays booklets out


@pytest.fixture
def no_pango(monkeypatch: pytest.MonkeyPatch) -> None:
    libraries = (*engine.required_libraries(), ("libpango-none-1.0-0", "libpango-none-1.0.so.0"))
    monkeypatch.setattr(engine, "required_libraries", lambda: libraries)
    engine.first_missing.cache_clear()
    yield
    engine.first_missing.cache_clear()


@pytest.mark.usefixtures("no_pango")
def test_check_predicts_the_booklet_build_cannot_be_made_without_pango(tmp_path: Path) -> None:
    message = ("the booklet needs Pango: libpango-none-1.0-0 does not open; install it (README, 'macOS and "
               "Windows') or build with --only cards")
    checked = run("check", "market-day", "--games", "20")
    assert checked.exit_code == 1
    row = next(line for line in checked.output.splitlines() if line.startswith("booklet engine"))
    assert "fail" in row and message in row
    out = tmp_path / "out"
    built = run("build", "market-day", "-o", str(out), "--games", "20", "--jobs", "1")
    errors = [line for line in built.stderr.splitlines() if line.startswith("error")]
    assert built.exit_code == 2 and errors == [f"error: market-day cannot be built: booklet engine: {message}"]
    assert not out.exists()
    cards = run("build", "market-day", "-o", str(out), "--only", "cards")
    assert cards.exit_code == 0 and (out / "market-day" / "market-day-cards.pdf").exists()


def test_a_failed_weasyprint_import_is_one_line_not_its_banner() -> None:
    """What `build` says if WeasyPrint's own loading fails (weasy.py): cffi cannot open Pango."""
    script = (
        "import cffi, ctypes\n"
        "real_dlopen, real_cdll = cffi.FFI.dlopen, ctypes.CDLL.__init__\n"
        "def dlopen(self, name, *args):\n"
        "    if 'pango-1.0' in str(name): raise OSError(f'cannot load library {name!r}')\n"
        "    return real_dlopen(self, name, *args)\n"
        "def cdll(self, name, *args, **kwargs):\n"
        "    if 'pango-1.0' in str(name): raise OSError(name)\n"
        "    return real_cdll(self, name, *args, **kwargs)\n"
        "cffi.FFI.dlopen, ctypes.CDLL.__init__ = dlopen, cdll\n"
        "try:\n"
        "    import cardforge.booklet.weasy\n"
        "except Exception as exc:\n"
        "    print(type(exc).__name__, exc)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "BookletEngineMissing the booklet needs Pango: libpango-1.0-0 does not open; install it (README, "
        "'macOS and Windows') or build with --only cards"]
