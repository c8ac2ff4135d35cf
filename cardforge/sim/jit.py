"""Compiling the rules with numba so that the compiled code is cached on disk across runs.

Numba's cache keys a compiled loop by its argument types, and the type of a function called from
compiled code carries the function's identity, a random id per process unless set: `rule` derives it
from the function's name and its module's source, so the cache hits across runs, and editing the rules
recompiles only the loops that call them (sim/trickrules.py, sim/trickloop.py, a game's pieces).

Numba keys a cached function by its own source file alone: a loop that compiled the rules of another
file in is not recompiled when that file changes, and would run the old rules. `drop_stale_caches`
removes such caches when the files they compile in have changed since they were written.

numba compiles a function called from compiled code once for each argument type it meets while
typing the caller, and a constant argument (or a variable that starts as one, `h = 0`) first types
as a Literal: every loop called so got a second, Literal copy of itself, the heuristics and
`play_tricks` included, costing a third to a half of a cold compile. `_typed_as_variables` has the
project's own compiled functions typed by their arguments' plain types (an int64 for a literal 0),
so they compile once; LLVM still folds constants where it inlines them.

numba copies a function's IR into each caller that inlines it (`inline="always"`) block by block, and a
copy of a block copies the function's whole scope (every variable of the function) with it: the copy of
an inlined function cost its blocks times its variables, and half of the bundled heuristics' compile
went into it. `_inlined_blocks_share_one_scope` has the blocks of one copy share one copy of the scope,
as the blocks of the function itself do. It also copies the blocks a second time, an unchanged copy that
`inline_ir` returns and both of numba's callers of it drop: that copy is no longer made.

numba reads an inlined function afresh at every site that inlines it: its untyped passes (bytecode to
the canonical IR, its own inlines included) ran once per call site, though the IR they give depends only
on the function (and the globals it reads, which compiled code here never rebinds). `_inlined_functions_read_once` keeps each function's IR for the process and hands the
inliner a copy named as a fresh reading is (the inlined variables are named after it): a fifth of the
bundled heuristics' compile.

numba's SSA reconstruction takes the variables assigned more than once one at a time, and for each
rewrites every block of the function, statement by statement (a new block each time), though only the
blocks naming that variable change: variables times statements, a tenth of the loop's compile.
`_ssa_rewrites_only_the_blocks_naming_the_variable` runs the rewrite over those blocks and copies the others'
statements as they are (what the rewrite gives them), so the result is the same IR.
"""

from __future__ import annotations

import copy
import hashlib
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

from numba import njit, types
from numba.core.dispatcher import Dispatcher
from numba.core.registry import CPUDispatcher


def _typed_as_variables() -> None:
    """numba types a call to a dispatcher from compiled code with `get_call_template`; for the
    project's functions it is given the arguments' plain types (see the module docstring)."""
    template_for = getattr(Dispatcher, "get_call_template", None)
    if template_for is None or getattr(template_for, "plain_types", False):
        return

    def get_call_template(self: Any, args: Any, kws: Any) -> Any:
        if getattr(self.py_func, "__module__", "").startswith("cardforge."):
            args = tuple(types.unliteral(a) for a in args)
            kws = {k: types.unliteral(v) for k, v in kws.items()}
        return template_for(self, args, kws)

    get_call_template.plain_types = True  # type: ignore[attr-defined]
    setattr(Dispatcher, "get_call_template", get_call_template)  # noqa: B010


_typed_as_variables()


class _OneCopyOfTheScope:
    """numba's inliner's `copy` module, but its block-by-block `deepcopy` shares one memo within one inlining
    (`memo` is not None), so the blocks of a copy keep sharing one scope (see the module docstring); and of the
    two copies it makes of the inlined function's blocks, only the first, whose blocks go into the caller, is
    made: the second is the copy `inline_ir` returns unchanged, which numba's callers of it drop."""

    memo: dict[int, Any] | None = None
    inlined: set[int] = set()
    """The ids of the blocks of the IR being inlined (those of its first copy)."""

    def deepcopy(self, value: Any, memo: dict[int, Any] | None = None) -> Any:
        if memo is None and self.memo is not None and id(value) not in self.inlined:
            return value  # a block of the first copy: the second copy, which nobody reads
        return copy.deepcopy(value, self.memo if memo is None else memo)

    def __getattr__(self, name: str) -> Any:
        return getattr(copy, name)


def _inliner() -> tuple[Any, Any]:
    """numba's inliner module and its worker class, (None, None) when this numba has neither (the patches of
    the inliner below then leave numba as it is)."""
    try:
        from numba.core import inline_closurecall
    except ImportError:
        return None, None
    return inline_closurecall, getattr(inline_closurecall, "InlineWorker", None)


def _inlined_blocks_share_one_scope() -> None:
    """Patches numba's inliner (see the module docstring); a numba without it is left as it is."""
    inline_closurecall, worker = _inliner()
    inline_ir = getattr(worker, "inline_ir", None)
    if inline_ir is None or getattr(inline_ir, "one_scope", False) or getattr(inline_closurecall, "copy", None) is not copy:
        return
    copier = _OneCopyOfTheScope()

    def inline_ir_sharing_scope(self: Any, caller_ir: Any, block: Any, i: int, callee_ir: Any, *args: Any,
                                **kwargs: Any) -> Any:
        outer = copier.memo, copier.inlined
        copier.memo, copier.inlined = {}, {id(b) for b in callee_ir.blocks.values()}
        try:
            return inline_ir(self, caller_ir, block, i, callee_ir, *args, **kwargs)
        finally:
            copier.memo, copier.inlined = outer

    inline_ir_sharing_scope.one_scope = True  # type: ignore[attr-defined]
    setattr(worker, "inline_ir", inline_ir_sharing_scope)  # noqa: B010
    setattr(inline_closurecall, "copy", copier)  # noqa: B010


_inlined_blocks_share_one_scope()


class _VariableBlocks:
    """Where each variable of the function under SSA reconstruction appears: labels of the blocks whose
    statements name it, read once from the blocks the reconstruction starts with (None: not in one)."""

    labels: dict[str, set[Any]] | None = None
    active: bool = False


def _ssa_rewrites_only_the_blocks_naming_the_variable() -> None:
    """Patches numba's SSA reconstruction (see the module docstring); a numba without it is left as it is."""
    try:
        from numba.core import ir, ssa
    except ImportError:
        return
    run_ssa, rewrite = getattr(ssa, "_run_ssa", None), getattr(ssa, "_run_block_rewrite", None)
    if run_ssa is None or rewrite is None or getattr(run_ssa, "by_variable", False):
        return
    where = _VariableBlocks()

    def blocks_naming(blocks: dict[Any, Any]) -> dict[str, set[Any]]:
        labels: dict[str, set[Any]] = {}
        for label, block in blocks.items():
            for statement in block.body:
                for variable in statement.list_vars():
                    labels.setdefault(variable.name, set()).add(label)
        return labels

    def rewrite_naming(blocks: dict[Any, Any], states: dict[str, Any], handler: Any) -> dict[Any, Any]:
        name = states.get("varname")
        if not where.active or name is None:
            return rewrite(blocks, states, handler)
        if where.labels is None:
            where.labels = blocks_naming(blocks)
        naming = where.labels.get(name, ())
        rewritten = {}
        for label, block in blocks.items():
            if label in naming:
                rewritten.update(rewrite({label: block}, states, handler))
            else:  # what the handler gives a block that does not name the variable: the same statements
                copied = ir.Block(scope=block.scope, loc=block.loc)
                copied.body = list(block.body)
                rewritten[label] = copied
        return rewritten

    def run_ssa_by_variable(blocks: dict[Any, Any]) -> Any:
        outer = where.labels, where.active
        where.labels, where.active = None, True
        try:
            return run_ssa(blocks)
        finally:
            where.labels, where.active = outer

    run_ssa_by_variable.by_variable = True  # type: ignore[attr-defined]
    run_ssa_by_variable.__wrapped__ = run_ssa  # type: ignore[attr-defined]
    setattr(ssa, "_run_block_rewrite", rewrite_naming)  # noqa: B010
    setattr(ssa, "_run_ssa", run_ssa_by_variable)  # noqa: B010


_ssa_rewrites_only_the_blocks_naming_the_variable()


class _UntypedIR:
    """The canonical IR of each function inlined so far in this process (`_inlined_functions_read_once`)."""

    of: dict[tuple[Any, ...], Any] = {}


def _inlined_functions_read_once() -> None:
    """Patches numba's inliner (see the module docstring); a numba without it is left as it is."""
    _, worker = _inliner()
    run = getattr(worker, "run_untyped_passes", None)
    if run is None or getattr(run, "once", False) or not hasattr(getattr(run, "__code__", None), "co_varnames"):
        return
    read = _UntypedIR.of

    def run_untyped_passes_once(self: Any, func: Any, enable_ssa: bool = False) -> Any:
        flags = self.flags  # those the untyped passes read (the rest are the caller's, for its own compile)
        key = (func, enable_ssa, id(self.typingctx), id(self.targetctx), type(self.pipeline),
               getattr(flags, "enable_looplift", None), repr(getattr(flags, "auto_parallel", None)))
        untyped = read.get(key)
        if untyped is None:
            untyped = read[key] = run(self, func, enable_ssa)
        else:
            self.flags.enable_ssa = enable_ssa  # as numba's run does to the caller's flags
        fresh = untyped.copy()  # the inliner copies the blocks before changing them; a name of its own:
        fresh.func_id = untyped.func_id.derive()  # the inlined copy's variables are named after it
        return fresh

    run_untyped_passes_once.once = True  # type: ignore[attr-defined]
    setattr(worker, "run_untyped_passes", run_untyped_passes_once)  # noqa: B010


_inlined_functions_read_once()


@cache
def _source_digest(filename: str) -> str:
    with open(filename, "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()[:16]


def rule(function: Callable[..., Any], nrt: bool = True, compiles_in: Iterable[str] = (), inline: bool = False) -> Any:
    """`@njit(cache=True)` with an identity stable across runs (see the module docstring), called
    only from compiled code (no Python wrapper to compile). The identity changes with the function's
    source file and with the files named in `compiles_in` (those of the compiled functions it calls),
    so that the loops calling it compile again when any of them changes. `inline`: a call by name from
    compiled code copies its body in (numba's inline="always"); called as a value (a `Pieces` field), it is
    compiled on its own as usual.

    Numba offers no public way to set it; without `_set_uuid` the loops still run, compiled anew
    in every process."""
    options: dict[str, Any] = {"cache": True, "_nrt": nrt, "no_cpython_wrapper": True, "no_cfunc_wrapper": True}
    if inline:
        options["inline"] = "always"
    compiled = njit(**options)(function)
    if type(compiled) is CPUDispatcher:
        compiled.__class__ = CompiledOnly
    set_uuid = getattr(compiled, "_set_uuid", None)
    if set_uuid is not None:
        files = (function.__code__.co_filename, *compiles_in)
        digest = ":".join(_source_digest(name) for name in files)
        set_uuid(f"cardforge:{function.__module__}.{function.__qualname__}:{digest}")
    return compiled


class CompiledOnly(CPUDispatcher):
    """A `rule`'s dispatcher: numba builds it no Python entry (no_cpython_wrapper), and numba would call
    the missing entry, address 0, if Python called it: a segmentation fault, cache or no cache. This one
    says so instead; compiled code calls it as any dispatcher (Python's `__call__` is not on that path).
    Ask numba for what it returns with `.compile(types)` (sim/coldstart.py `returned`)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        name = getattr(self.py_func, "__qualname__", "?")
        raise TypeError(f"{name} is compiled for compiled callers only (sim/jit.py rule): call it from numba code")


def leaf(function: Callable[..., Any]) -> Any:
    """`@njit(cache=True)` without reference counting, for a helper of hot rules that allocates
    nothing: called, not inlined, so it compiles once, and LLVM still inlines it where it pays."""
    options: dict[str, Any] = {"cache": True, "_nrt": False}
    return njit(**options)(function)


_COMPILED: set[tuple[Any, ...]] = set()


def compile_once(dispatcher: Any, key: tuple[Any, ...], compile_it: Callable[[], object], wait: bool = True) -> bool:
    """Calls `compile_it` (a call that makes numba compile a loop, or load it from its cache) the first time
    this process asks for `key` (the loop and its argument types), holding an inter-process lock in numba's
    cache folder of `dispatcher`'s file, so that processes starting together on a fresh install (build
    --all's workers, a check's) compile the loop once: the first compiles and caches it, the others wait,
    then load it from the cache in a fraction of a second rather than compile it side by side (the trick
    loop is half a minute of CPU). Each kind of step (`key[0]`) has a lock of its own, so that two processes
    can compile two different steps at once (sim/coldstart.py). `wait=False`: when another process holds the
    step's lock (it is compiling it), return False at once instead of waiting; True: done in this process."""
    if key in _COMPILED:
        return True
    folder = getattr(getattr(dispatcher, "_cache", None), "_cache_path", None)
    lock = None
    if folder:
        from filelock import FileLock, Timeout

        step = "".join(c if c.isalnum() else "-" for c in str(key[0]))  # a lock per step: sim/coldstart.py
        lock = FileLock(str(Path(folder) / f"cardforge-compiling-{step}.lock"))
        try:
            lock.acquire(blocking=wait)
        except Timeout:
            return False
        except OSError:  # a cache folder we cannot write: numba compiles in every process anyway
            lock = None
    try:
        compile_it()
        _COMPILED.add(key)
    finally:
        if lock is not None:
            lock.release()
    return True


def compiled(function: Any) -> Any:
    """A compiled function as mypy should see it (numba's dispatcher signatures are opaque to it)."""
    return function


def drop_stale_caches(sources: Iterable[Path], dependents: Iterable[Path], marker: Path) -> None:
    """When `sources` differ from what `marker` recorded, delete the numba caches of the `dependents`
    files (they compile the sources in), so they compile again; then record the sources. The caches go
    wherever numba keeps them (`cache_folders`): a loop of an upgraded install must never run the rules of
    the old one (whose tables may be laid out otherwise: a compiled loop does not check its indices). Best
    effort: a cache folder that cannot be written is left alone (numba then keeps its own, as before)."""
    dependents = list(dependents)
    digest = hashlib.sha256(b"".join(path.read_bytes() for path in sources)).hexdigest()
    records = [marker, *(folder / marker.name for folder in cache_folders(dependents[0])[1:])] if dependents \
        else [marker]
    for record in records:
        try:
            if record.read_text(encoding="ascii") == digest:
                return
        except OSError:
            pass
    for path in dependents:
        for folder in cache_folders(path):
            try:
                for cached in folder.glob(f"{path.stem}.*.nb[ic]"):
                    cached.unlink(missing_ok=True)
            except OSError:
                pass
    for record in records:
        try:
            record.parent.mkdir(exist_ok=True)
            record.write_text(digest, encoding="ascii")
            return
        except OSError:
            pass


def cache_folders(source: Path) -> list[Path]:
    """The folders numba may keep the caches of `source`'s functions in: __pycache__ beside it, and the one
    its cache locators choose for that file, when another (NUMBA_CACHE_DIR; a folder in the user's cache
    when __pycache__ cannot be written: an installed package)."""
    folders = [source.parent / "__pycache__"]
    try:
        from numba.core.caching import CompileResultCacheImpl

        namespace: dict[str, Any] = {}
        exec(compile("def placeholder(): pass", str(source), "exec"), namespace)  # noqa: S102 - a function of that file
        located = Path(CompileResultCacheImpl(namespace["placeholder"]).locator.get_cache_path())
    except Exception:  # noqa: BLE001 - a numba without these internals: __pycache__, as before
        return folders
    return folders if located == folders[0] else [*folders, located]
