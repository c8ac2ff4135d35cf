"""The code that libraries write and compile while they are imported, compiled once per machine.

`dataclasses` makes each class's methods by compiling source text it writes (`exec`, six times for a
frozen class), and `typing.ForwardRef` compiles every annotation written as a string (pydantic-core
declares its schema types as TypedDicts with string annotations: 700 of them). Starting a build
compiled ~1,400 such snippets, a fifth of an art deck's build (benchmarks/bench_art_deck.py). The
compiled code of a given text is always the same, so the command line (__main__.py) has those two
modules compile through `_compile` below, which keeps each result: in memory, and in one file of the
cache folder, read back at the next start (a code object read with `marshal`, as Python reads its own
`.pyc` files; the file is named after the interpreter's bytecode magic number).

`install()` shadows `exec` in `dataclasses` and `compile` in `typing` with functions that behave as the
built-ins do when called from there (the caller's globals and `__future__` flags, the same arguments),
except that, once `start()` is called (cli/ loads a command), the compiling of a text already seen is
skipped. A library caller or a test never installs it. tests/test_startup.py checks that the code is
kept and gives the same classes.
"""

from __future__ import annotations
import __future__

import builtins
import marshal
import sys
from collections.abc import Callable
from pathlib import Path
from types import CodeType
from typing import Any

_FUTURE_FLAGS = 0
for _feature in __future__.all_feature_names:
    _FUTURE_FLAGS |= getattr(__future__, _feature).compiler_flag

Key = tuple[str, str, str, int, int]
"""(source, filename, mode, flags, optimize): what decides the code compile() makes."""

_codes: dict[Key, CodeType] = {}
_added = 0
_folder: Callable[[], Path] | None = None
_unread = True
_started = False
_RECORD_LIMIT = 20_000
"""Codes kept at most; a file that grows past it starts afresh (texts no longer made drop out)."""


def _compile(source: Any, filename: Any, mode: str, flags: int = 0, dont_inherit: bool = False,
             optimize: int = -1, *, _caller_flags: int = 0, **rest: Any) -> Any:
    """compile() with the code of a text compiled before taken from the kept codes."""
    if not dont_inherit:
        flags |= _caller_flags
    if not _started or type(source) is not str or type(filename) is not str or rest or flags & ~_FUTURE_FLAGS:
        return builtins.compile(source, filename, mode, flags, True, optimize, **rest)
    if _unread:
        _read_kept()
    key = (source, filename, mode, flags, optimize)
    code = _codes.get(key)
    if code is None:
        global _added
        code = _codes[key] = builtins.compile(source, filename, mode, flags, True, optimize)
        _added += 1
    return code


def _caller_future_flags() -> int:
    return sys._getframe(2).f_code.co_flags & _FUTURE_FLAGS


def compile_here(source: Any, filename: Any, mode: str, flags: int = 0, dont_inherit: bool = False,
                 optimize: int = -1, **rest: Any) -> Any:
    """`compile` as the calling module would run it (its `__future__` flags are inherited)."""
    return _compile(source, filename, mode, flags, dont_inherit, optimize, _caller_flags=_caller_future_flags(),
                    **rest)


def exec_here(source: Any, globals: dict[str, Any] | None = None, locals: Any = None, /, **rest: Any) -> None:
    """`exec` as the calling module would run it: a text is compiled as exec() compiles it (the caller's
    `__future__` flags, file `<string>`), then run with the same namespaces."""
    if globals is None:
        frame = sys._getframe(1)
        globals = frame.f_globals
        if locals is None:
            locals = frame.f_locals
    if type(source) is str:
        source = _compile(source, "<string>", "exec", _caller_flags=_caller_future_flags())
    builtins.exec(source, globals, globals if locals is None else locals, **rest)


def install(folder: Callable[[], Path]) -> None:
    """Have dataclasses and typing compile through the codes kept in the folder `folder()` names, from
    `start()` on; the new ones are written back when the process exits."""
    global _folder
    import atexit
    import dataclasses
    import typing

    _folder = folder
    dataclasses.exec = exec_here  # type: ignore[attr-defined]
    typing.compile = compile_here  # type: ignore[attr-defined]
    atexit.register(save)


def start() -> None:
    """Use the kept codes from now on (the command line calls it when it loads a command: `--version` and
    `--help` never read them). Nothing happens unless `install()` was called."""
    global _started
    _started = _folder is not None


def _file() -> Path | None:
    """The file of kept codes: one per bytecode format (magic number) and optimisation level."""
    if _folder is None:
        return None
    from importlib.util import MAGIC_NUMBER

    return _folder() / f"compiled-{MAGIC_NUMBER.hex()}-{sys.flags.optimize}.marshal"


def _read_kept() -> None:
    global _unread
    _unread = False
    file = _file()
    if file is None:
        return
    try:
        kept = marshal.loads(file.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return
    if type(kept) is dict and all(type(code) is CodeType for code in kept.values()):  # else start afresh
        _codes.update(kept)


def save() -> None:
    """Write the kept codes back if this run compiled new ones (atomically; a folder that cannot be
    written keeps nothing)."""
    global _added
    file = _file() if _added else None
    if file is None:
        return
    codes = _codes if len(_codes) <= _RECORD_LIMIT else {}
    _added = 0
    from .keep import write_whole

    write_whole(file, marshal.dumps(codes))
