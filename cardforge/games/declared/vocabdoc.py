"""docs/trick-vocabulary.md, generated from the vocabulary's models: every word a declaration may use,
with its type, default, allowed values and meaning, section by section (tests/test_trick_vocabulary.py
checks the committed file is current: `python -m cardforge.games.declared.vocabdoc > docs/trick-vocabulary.md`)."""

from __future__ import annotations

import json
from typing import Any, get_args

from pydantic import BaseModel

from ...paramdoc import _bounds, _cell, _type_text
from .vocabulary import TrickRules

INTRO = """# The trick-taking vocabulary

Generated from the vocabulary's models (`cardforge/games/declared/vocabulary.py`) by
`python -m cardforge.games.declared.vocabdoc`; do not edit by hand.

A deck declares a whole trick-taking game under `rules.tricks`, with no Python: the simulator plays
it at compiled speed, `replay` checks its logs, the search player infers from it, and the booklet's
"rules at a glance" page is written from it. The bundled `hearts` and `oh-hell` decks are complete
examples (their defaults are OpenSpiel's, which tests/test_classic_openspiel.py compares play by
play), and `undertow` is a game of our own: a predicting game whose tricks of mixed suits go to the
lowest card (`trick.lowest_if_mixed`); `cardforge show DECK` prints any deck's declaration, including those the bundled rulesets
build from their parameters. A wrong word, a suit or card the deck does not have, or a deal a player
count cannot make is reported with the file, line and column of the word.

Each section below is a key of `rules.tricks`. Words left out take their default; a section left
out (where allowed) means the game has no such rule.
"""


def _models(annotation: Any) -> list[type[BaseModel]]:
    found = []
    for arg in (get_args(annotation) or (annotation,)):
        if isinstance(arg, type) and issubclass(arg, BaseModel):
            found.append(arg)
        else:
            found += [a for a in get_args(arg) if isinstance(a, type) and issubclass(a, BaseModel)]
    return found


def _default(field: Any) -> str:
    if field.is_required():
        return "required"
    value = field.default
    if isinstance(value, BaseModel):
        return "(the defaults below)"
    return "none" if value is None else json.dumps(value, ensure_ascii=False)


def _section(title: str, model: type[BaseModel], seen: set[type[BaseModel]]) -> list[str]:
    seen.add(model)
    schema = model.model_json_schema()
    defs = schema.get("$defs", {})
    doc = " ".join((model.__doc__ or "").strip().split())
    lines = [f"## `{title}`", ""]
    if doc:
        lines += [doc, ""]
    lines += ["| word | type | default | allowed | meaning |", "|---|---|---|---|---|"]
    nested: list[tuple[str, type[BaseModel]]] = []
    for name, field in model.model_fields.items():
        prop = schema.get("properties", {}).get(name, {})
        inner = [m for m in _models(field.annotation) if m not in seen]
        meaning = field.description or (" ".join((inner[0].__doc__ or "").split()) if inner else "")
        if inner:
            meaning += f" (see `{title}.{name}`)"
            nested += [(f"{title}.{name}", m) for m in inner]
        lines.append(f"| `{name}` | {_cell(_type_text(prop, defs))} | {_cell(_default(field))} | "
                     f"{_cell('; '.join(_bounds(prop)) or 'any')} | {_cell(meaning)} |")
    lines.append("")
    for sub_title, sub in nested:
        lines += _section(sub_title, sub, seen)
    return lines


def vocabulary_markdown() -> str:
    """The whole of docs/trick-vocabulary.md."""
    lines = [INTRO]
    seen: set[type[BaseModel]] = {TrickRules}
    for name, field in TrickRules.model_fields.items():
        for model in _models(field.annotation):
            lines += _section(name, model, seen)
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":  # pragma: no cover
    import sys

    sys.stdout.write(vocabulary_markdown())
