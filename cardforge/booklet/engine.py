"""Whether WeasyPrint can lay out a booklet here, found without importing it.

WeasyPrint opens Pango, HarfBuzz, fontconfig and GObject through cffi when it is first imported, and
fails there on a machine without them (macOS or Windows without Pango: README, "macOS and Windows").
Importing it costs most of a second, which `check` and a build with its booklet kept (kept.py) do not
pay, so the booklet's preflight asks the dynamic loader for the same libraries instead: the names are
read from WeasyPrint's own `text/ffi.py` (each `_dlopen(ffi, NAME, ...)` it must succeed with), and each
is opened the way cffi opens it. `check` then says what `build` would otherwise fail with, and
weasy.py turns a failed import into the same line.
"""

from __future__ import annotations

import ast
import ctypes
import ctypes.util
import importlib.util
import os
import sys
from functools import cache
from pathlib import Path

from ..errors import CardforgeError


class BookletEngineMissing(CardforgeError):
    """WeasyPrint's native libraries cannot be opened, so no booklet can be laid out."""


def missing_message(library: str) -> str:
    return (f"the booklet needs Pango: {library} does not open; install it (README, 'macOS and Windows') "
            "or build with --only cards")


@cache
def required_libraries() -> tuple[tuple[str, ...], ...]:
    """The names WeasyPrint tries for each library it cannot do without, in its order; () when its
    source is not where it was (a WeasyPrint that moved it: the import then says what is missing)."""
    source = _ffi_source()
    if source is None:
        return ()
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_dlopen"):
            continue
        if any(kw.arg == "allow_fail" and isinstance(kw.value, ast.Constant) and kw.value.value for kw in node.keywords):
            continue
        names = tuple(arg.value for arg in node.args[1:] if isinstance(arg, ast.Constant) and isinstance(arg.value, str))
        if names:
            found.append(names)
    return tuple(found)


def _ffi_source() -> str | None:
    spec = importlib.util.find_spec("weasyprint")  # finds the package without importing it
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "text" / "ffi.py"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


def _dll_directories() -> list[str]:
    """Where WeasyPrint adds DLL folders on Windows: WEASYPRINT_DLL_DIRECTORIES, else its default list."""
    chosen = os.environ.get("WEASYPRINT_DLL_DIRECTORIES")
    if chosen:
        return chosen.split(";")
    source = _ffi_source() or ""
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and len(node.args) == 2 and isinstance(node.args[0], ast.Constant)
                and node.args[0].value == "WEASYPRINT_DLL_DIRECTORIES" and isinstance(node.args[1], ast.Constant)):
            return str(node.args[1].value).split(";")
    return []


def _opens(name: str) -> bool:
    """cffi's `dlopen(name)`: the name itself when it looks like a file name, else what
    `ctypes.util.find_library` finds (on Linux weasy.py leaves that to the loader, so it is skipped)."""
    candidates = [name] if ("." in name or "/" in name or os.sep in name) else []
    if not sys.platform.startswith("linux"):
        found = ctypes.util.find_library(name)
        if found:
            candidates.append(found)
    for candidate in candidates:
        try:
            if os.name == "nt":
                ctypes.CDLL(candidate, winmode=0x00001000)  # LOAD_LIBRARY_SEARCH_DEFAULT_DIRS, as WeasyPrint
            else:
                ctypes.CDLL(candidate)
            return True
        except OSError:
            continue
    return False


@cache
def first_missing() -> str | None:
    """The first library WeasyPrint needs that none of its names opens (None: all open)."""
    if hasattr(os, "add_dll_directory"):
        for folder in _dll_directories():
            try:
                os.add_dll_directory(folder)
            except OSError:
                continue
    for names in required_libraries():
        if not any(_opens(name) for name in names):
            return names[0]
    return None


def require_engine() -> None:
    """Raise BookletEngineMissing, one line, when a booklet could not be laid out here."""
    missing = first_missing()
    if missing is not None:
        raise BookletEngineMissing(missing_message(missing))
