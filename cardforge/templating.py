"""Placeholders such as `{{ card.rank }}` in deck text, rendered in Jinja2's sandbox.

A deck may come from a stranger: its templates can read the card and deck values they are given
and nothing else (no attribute tricks like `''.__class__.__mro__`, no file access).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import StrictUndefined, TemplateError
from jinja2.sandbox import ImmutableSandboxedEnvironment

from .errors import CardforgeError


class TemplateProblem(CardforgeError, ValueError):
    """A placeholder that cannot be rendered (unknown name, syntax error, sandbox refusal)."""


_ENV = ImmutableSandboxedEnvironment(undefined=StrictUndefined, autoescape=False)


@lru_cache(maxsize=4096)
def _compile(source: str) -> Any:
    return _ENV.from_string(source)


def render_text(source: str, context: dict[str, Any], where: str = "") -> str:
    """Render one deck string; plain strings without `{{`/`{%` are returned untouched (fast path)."""
    if "{{" not in source and "{%" not in source:
        return source
    try:
        return _compile(source).render(context)
    except TemplateError as exc:
        prefix = f"{where}: " if where else ""
        raise TemplateProblem(f"{prefix}cannot fill in {source!r}: {exc}") from None


def face_context(deck: Any, card: Any) -> dict[str, Any]:
    """What a face template may use: card, its suit, all suits, the rules params, the deck spec."""
    return {
        "card": card,
        "suit": deck.suit(card.suit),
        "suits": deck.spec.suits,
        "params": deck.rules_params,
        "deck": deck.spec,
    }
