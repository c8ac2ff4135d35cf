"""Imports point down the layers of docs/architecture.md and close no circle.

Every module of `cardforge` belongs to one layer (`LAYERS`, bottom first, by longest name prefix).
A module may import from its own layer or any layer below; an import that points up, or a set of
modules that import each other in a loop, fails this test unless it is listed in `UPWARD` or
`CIRCLES` with the reason it is still there. Every import counts: at the top of a file, inside a
function, and under `TYPE_CHECKING` (a type named from a higher layer is a dependency too).
Listed exceptions that no longer occur fail as well, so the lists only shrink.
"""

from __future__ import annotations

import ast
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "cardforge"

LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("primitives", (
        "cardforge", "cardforge.errors", "cardforge.budgets", "cardforge.paths", "cardforge.confine",
        "cardforge.names", "cardforge.percentages", "cardforge.interrupt", "cardforge.processes", "cardforge.collector", "cardforge.codecache", "cardforge.progress", "cardforge.outputs",
        "cardforge.writable", "cardforge.units", "cardforge.images", "cardforge.keep", "cardforge.compiling", "cardforge.terminal",
        "cardforge.render",
        "cardforge.render.icons", "cardforge.render.colors", "cardforge.render.fonts", "cardforge.render.ink",
        "cardforge.render.text", "cardforge.render.bounds", "cardforge.render.corner_index",
        "cardforge.render.impose", "cardforge.render.pdf", "cardforge.render.pdf_images",
        "cardforge.render.pdfcheck", "cardforge.render.frame",
    )),
    ("deck model", (
        "cardforge.model", "cardforge.deck", "cardforge.yaml_source", "cardforge.tables",
        "cardforge.templating",
    )),
    ("faces", (
        "cardforge.render.face", "cardforge.render.elements", "cardforge.render.deckfonts", "cardforge.render.face_images",
        "cardforge.render.graphics", "cardforge.render.lattice", "cardforge.render.placed", "cardforge.render.sheets", "cardforge.render.png",
        "cardforge.render.cut_tolerance",
    )),
    ("compiled rules", (
        "cardforge.sim.jit", "cardforge.sim.fastrand", "cardforge.sim.fastcore", "cardforge.sim.trickrules",
        "cardforge.sim.trickloop", "cardforge.sim.ismcts", "cardforge.sim.coldstart",
    )),
    ("games", ("cardforge.games",)),
    ("loading", ("cardforge.load", "cardforge.artifacts", "cardforge.watch")),
    ("simulation", ("cardforge.sim",)),
    ("gate", ("cardforge.check",)),
    ("products", (
        "cardforge.booklet", "cardforge.report", "cardforge.preview", "cardforge.sweep", "cardforge.scaffold",
        "cardforge.paramdoc", "cardforge.games.declared.vocabdoc", "cardforge.render.print_shop", "cardforge.render.proof",
        "cardforge.render.calibrate", "cardforge.press", "cardforge.check.compare", "cardforge.check.compare_chart",
        "cardforge.settings",
    )),
    ("build", ("cardforge.build", "cardforge.build_apart", "cardforge.build_pool", "cardforge.publish",
               "cardforge.products")),
    ("cli", ("cardforge.cli", "cardforge.__main__")),
]
"""Bottom first. docs/architecture.md draws the same stack."""

PIPELINE = "goes when the gate and the products read the deck's artifacts from the build object"
RULES = "rules: a game's capabilities name the result types of the layers that use them (types only)"
BOUND = "the deck carries its game's capabilities, bound once at load (games/capabilities.py; a type name only)"
GAME_PAGES = "rules: a game's report figures use sim/ statistics; GREEEN MAFIA's report section is drawn with report/ helpers"
MAFIA_CLI = "rules: GREEEN MAFIA's own commands and design search live in its game folder, not in cli/"

UPWARD: list[tuple[str, str, str]] = [
    ("cardforge.deck", "cardforge.games.capabilities", BOUND),
    ("cardforge.games.capabilities", "cardforge.check.*", RULES),
    ("cardforge.games.capabilities", "cardforge.sim.*", RULES),
    ("cardforge.games.greeen_mafia", "cardforge.check.*", RULES),
    ("cardforge.games.greeen_mafia.checks", "cardforge.check.results", RULES),
    ("cardforge.games.declared", "cardforge.sim.search", RULES + " (the search player is one of them)"),
    ("cardforge.games.declared", "cardforge.sim.run", RULES + " (the report hooks' result type, as games.base)"),
    ("cardforge.games.*.report", "cardforge.sim.*", GAME_PAGES),
    ("cardforge.games.greeen_mafia.pdf_report", "cardforge.check.results", GAME_PAGES),
    ("cardforge.games.greeen_mafia.pdf_report", "cardforge.report.*", GAME_PAGES),
    ("cardforge.games.greeen_mafia.cli", "cardforge.cli.*", MAFIA_CLI),
    ("cardforge.games.greeen_mafia.cli", "cardforge.load", MAFIA_CLI),
    ("cardforge.games.greeen_mafia.design", "cardforge.load", MAFIA_CLI),
    ("cardforge.games.greeen_mafia.*", "cardforge.sweep.executor", MAFIA_CLI + " (Dask binding: sweep/executor.py)"),
]
"""(importer, imported, why it is still allowed): module names, `*` matching any run of characters."""

SAME_GAME = "rules: a game's booklet text and its teaching examples name each other"
CIRCLES: list[tuple[frozenset[str], str]] = [
    (frozenset({"cardforge.games.greeen_mafia.beam", "cardforge.games.greeen_mafia.design"}),
     "rules: the beam search and the mission design it serves name each other"),
    (frozenset({"cardforge.games.declared.checks", "cardforge.games.declared.vocabulary"}),
     "rules: the vocabulary's words and their cross-checks with the deck's cards name each other"),
    (frozenset({"cardforge.games.tiger_ghee.booklet", "cardforge.games.tiger_ghee.teaching"}), SAME_GAME),
    (frozenset({"cardforge.sim.fast", "cardforge.sim.report", "cardforge.sim.run"}),
     "rules: the simulator's runner, its compiled runner and its JSON summary name each other"),
]
"""Sets of modules of one layer allowed to import each other in a loop, and why. Loops closed by an
import listed in UPWARD are not listed again: circles are looked for without those imports."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def import_graph() -> dict[str, frozenset[str]]:
    """Every cardforge module -> the cardforge modules it imports (anywhere in the file)."""
    files = {module_name(p): p for p in ROOT.rglob("*.py")}
    graph: dict[str, frozenset[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                candidates = [f"{target}.{alias.name}" for alias in node.names] + [target]
            elif isinstance(node, ast.Import):
                candidates = [alias.name for alias in node.names]
            else:
                continue
            for candidate in candidates:  # `from .render import face` names a module; `from .deck import Deck` a name
                if candidate in files:
                    found.add(candidate)
                    break
        graph[name] = frozenset(found - {name})
    return graph


def layer_of(module: str) -> int:
    """Index in LAYERS of the longest prefix that owns `module`; -1 when none does."""
    best, best_len = -1, -1
    for index, (_name, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            inside = module.startswith(prefix + ".") and "." in prefix  # `cardforge` alone owns only itself
            if (module == prefix or inside) and len(prefix) > best_len:
                best, best_len = index, len(prefix)
    return best


def upward_imports() -> list[tuple[str, str]]:
    graph = import_graph()
    return sorted((a, b) for a, targets in graph.items() for b in targets if layer_of(b) > layer_of(a))


def allowed(importer: str, imported: str) -> bool:
    return any(fnmatchcase(importer, a) and fnmatchcase(imported, b) for a, b, _why in UPWARD)


def circles() -> list[frozenset[str]]:
    """Strongly connected sets of two or more modules (Tarjan's algorithm, iterative), leaving out the
    upward imports UPWARD allows (each of those closes its own loop; it is listed once, there)."""
    graph = {a: frozenset(b for b in targets if not (layer_of(b) > layer_of(a) and allowed(a, b)))
             for a, targets in import_graph().items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.add(member)
                    if member == node:
                        break
                if len(members) > 1:
                    found.append(frozenset(members))
    return found


def test_every_module_has_a_layer() -> None:
    homeless = sorted(m for m in import_graph() if layer_of(m) < 0)
    assert not homeless, f"place these modules in a layer of LAYERS (and docs/architecture.md): {homeless}"


def test_imports_point_down() -> None:
    names = [name for name, _ in LAYERS]
    wrong = [f"{a} ({names[layer_of(a)]}) imports {b} ({names[layer_of(b)]})"
             for a, b in upward_imports() if not allowed(a, b)]
    assert not wrong, "imports that point up the layers:\n" + "\n".join(wrong)


def test_no_import_closes_a_circle() -> None:
    listed = {members for members, _why in CIRCLES}
    new = [sorted(c) for c in circles() if c not in listed]
    assert not new, "modules that import each other in a loop:\n" + "\n".join(map(str, new))


def test_listed_exceptions_still_occur() -> None:
    """An exception that no longer happens is taken off the list, so the lists only shrink."""
    upward = upward_imports()
    stale = [(a, b) for a, b, _why in UPWARD if not any(fnmatchcase(x, a) and fnmatchcase(y, b) for x, y in upward)]
    assert not stale, f"these UPWARD entries match no import any more; remove them: {stale}"
    present = set(circles())
    gone = [sorted(members) for members, _why in CIRCLES if members not in present]
    assert not gone, f"these CIRCLES no longer occur (or have changed); update the list: {gone}"


def test_the_analysis_sees_imports() -> None:
    """The graph is read right: known imports of every kind are found (top level, relative, inside a function)."""
    graph = import_graph()
    assert "cardforge.render.face" in graph["cardforge.artifacts"]  # `from .render.face import Faces`
    assert "cardforge.artifacts" in graph["cardforge.check.gate"]  # inside a function: `from ..artifacts import ...`
    assert "cardforge.cli" in graph["cardforge.__main__"]
    assert layer_of("cardforge.cli.build") > layer_of("cardforge.build") > layer_of("cardforge.load")
