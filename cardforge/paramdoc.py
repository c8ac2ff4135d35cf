"""Every ruleset parameter explained: type, default, allowed values and meaning, from the schemas.

The parameter schemas (`games/<game>/params.py`) already carry descriptions and bounds, so the
documentation is generated from them and cannot drift: `docs/rules-parameters.md` is this module's
output (`python -m cardforge.paramdoc > docs/rules-parameters.md`; tests/test_paramdoc.py checks the
committed file is current), and `cardforge show DECK --params` prints the same rows with the deck's
values. Parameters a game declares its simulated players do not take into account
(games/base.py `Game.unplayed_params`) are marked, because balance figures cannot speak for them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from .games.base import Game

_TYPES = {"integer": "whole number", "number": "number", "string": "text", "boolean": "true or false",
          "array": "list", "object": "mapping", "null": "nothing"}


@dataclass(frozen=True)
class ParamRow:
    """One parameter as a designer reads it."""

    name: str
    type: str
    default: str
    allowed: str
    meaning: str
    played: bool = True
    """False: the simulated players do not take this parameter into account."""


def _type_text(schema: dict[str, Any], defs: dict[str, Any]) -> str:
    if "$ref" in schema:
        return "mapping"
    if "anyOf" in schema:
        return " or ".join(dict.fromkeys(_type_text(s, defs) for s in schema["anyOf"]))
    if "enum" in schema:
        return "one of"
    if "const" in schema:
        return json.dumps(schema["const"])
    kind = schema.get("type", "")
    if kind == "array":
        inner = _type_text(schema.get("items", {}), defs)
        return f"list of {inner}s" if inner in ("whole number", "number", "mapping") else f"list of {inner}"
    if kind == "object":
        values = schema.get("additionalProperties")
        if isinstance(values, dict) and values:
            return f"mapping to {_type_text(values, defs)}"
        return "mapping"
    return _TYPES.get(kind, kind or "any")


def _bounds(schema: dict[str, Any]) -> list[str]:
    parts: list[str] = []
    if "enum" in schema:
        parts.append(", ".join(f"`{v}`" for v in schema["enum"]))
    if "const" in schema:
        parts.append(f"`{schema['const']}`")
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        parts.append(f"{low} to {high}")
    elif low is not None:
        parts.append(f"at least {low}")
    elif high is not None:
        parts.append(f"at most {high}")
    low_n, high_n = schema.get("minItems"), schema.get("maxItems")
    if low_n is not None or high_n is not None:
        most = high_n if high_n is not None else "any number of"
        parts.append(f"{low_n if low_n is not None else 0} to {most} items")
    for sub in schema.get("anyOf", []):
        parts.extend(_bounds(sub))
    items = schema.get("items")
    if isinstance(items, dict) and _bounds(items):
        parts.append("each item " + ", ".join(_bounds(items)))
    inner = schema.get("additionalProperties")
    if isinstance(inner, dict) and _bounds(inner):
        parts.append("each value: " + "; ".join(_bounds(inner)))
    return parts


def _value(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def param_rows(game: Game) -> list[ParamRow]:
    """The game's parameters in schema order."""
    schema = game.params_schema.model_json_schema()
    defs = schema.get("$defs", {})
    required = set(schema.get("required", []))
    unplayed = set(game.unplayed_params)
    rows = []
    for name, prop in schema.get("properties", {}).items():
        default = "required" if name in required else _value(prop.get("default"))
        rows.append(ParamRow(name, _type_text(prop, defs), default, "; ".join(_bounds(prop)) or "any",
                             str(prop.get("description", "")), name not in unplayed))
    return rows


def deck_values(params: BaseModel | None) -> dict[str, str]:
    """A deck's parameter values as JSON text, by name."""
    if params is None:
        return {}
    return {name: _value(value) for name, value in params.model_dump(mode="json").items()}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def game_markdown(game: Game) -> str:
    """One game's section: a table of its parameters, then a note on the unplayed ones."""
    lines = [f"## {game.title} (`ruleset: {game.id}`)", ""]
    doc = " ".join((game.params_schema.__doc__ or "").strip().split("\n\n")[0].split())
    if doc:
        lines += [doc, ""]
    lines += ["| parameter | type | default | allowed | meaning |", "|---|---|---|---|---|"]
    for row in param_rows(game):
        mark = " (not played for: see below)" if not row.played else ""
        lines.append(f"| `{row.name}` | {_cell(row.type)} | {_cell(row.default)} | {_cell(row.allowed)} | "
                     f"{_cell(row.meaning)}{mark} |")
    if game.unplayed_params:
        names = ", ".join(f"`{name}`" for name in game.unplayed_params)
        lines += ["", f"The simulated players do not take {names} into account: the engine scores them, but no "
                      "player steers for them, so the balance report cannot say how a change to them would be "
                      "played. `cardforge check` flags a deck that changes one."]
    return "\n".join(lines) + "\n"


def rules_parameters_markdown(games: list[Game] | None = None) -> str:
    """The whole of docs/rules-parameters.md."""
    from .games.registry import all_games

    chosen = games if games is not None else sorted(all_games().values(), key=lambda g: g.id)
    head = ("# Rules parameters\n\n"
            "Generated from the parameter schemas by `python -m cardforge.paramdoc`; do not edit by hand.\n"
            "A deck sets these under `rules: params:`; `cardforge show DECK --params` lists a deck's values.\n")
    return head + "".join("\n" + game_markdown(game) for game in chosen)


if __name__ == "__main__":  # pragma: no cover
    import sys

    sys.stdout.write(rules_parameters_markdown())
