"""docs/architecture.md matches the code: every file it names exists, and its layer table is the one
tests/test_layers.py enforces (same layers, same order, each named module in its layer)."""

from __future__ import annotations

import re
from pathlib import Path

from test_layers import LAYERS, layer_of

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
NAMED = re.compile(r"(?<![\w/])((?:cardforge|docs|tests)/[\w/.-]*[\w/])")
SHORT = re.compile(r"\b((?:cli|render|booklet|check|sim|report|games|tables|press|load)/[\w/<>.-]+\.py)\b")


def module_of(path: str) -> str:
    """`cardforge/render/face.py` -> `cardforge.render.face`; a folder -> its package."""
    return path.rstrip("/").removesuffix(".py").replace("/", ".")


def test_every_file_the_doc_names_exists() -> None:
    names = set(NAMED.findall(DOC))
    assert len(names) > 30, "the pattern finds the doc's file names"
    missing = sorted(name for name in names if not (ROOT / name).exists())
    assert not missing, f"docs/architecture.md names files that do not exist: {missing}"


def test_short_names_in_the_picture_exist() -> None:
    """The picture writes paths inside cardforge/ without the prefix (`render/face.py`)."""
    names = {name for name in SHORT.findall(DOC) if "<" not in name}
    assert "render/face.py" in names
    missing = sorted(name for name in names if not (ROOT / "cardforge" / name).exists())
    assert not missing, f"docs/architecture.md's picture names files that do not exist: {missing}"


def layer_rows() -> list[tuple[str, list[str]]]:
    table = DOC.split("## Layers", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] not in ("layer", "---"):
            rows.append((cells[0], re.findall(r"`(cardforge/[^`]+)`", cells[2])))
    return rows


def test_the_layer_table_is_the_enforced_one() -> None:
    rows = layer_rows()
    assert [name for name, _ in rows] == [name for name, _ in reversed(LAYERS)]
    names = [name for name, _ in LAYERS]
    misplaced = [f"{path} is in {names[layer_of(module_of(path))]}, not {layer}"
                 for layer, paths in rows for path in paths
                 if names[layer_of(module_of(path))] != layer]
    assert not misplaced, "docs/architecture.md's layer table disagrees with tests/test_layers.py: " + "; ".join(misplaced)
