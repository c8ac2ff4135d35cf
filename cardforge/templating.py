"""Placeholders such as `{{ card.rank }}` in deck text, rendered in Jinja2's sandbox.

A deck may come from a stranger: its templates can read the card and deck values they are given
and nothing else (no attribute tricks like `''.__class__.__mro__`, no file access).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import TemplateError
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

from .errors import CardforgeError
from .names import ExplainedUndefined, MissingName


class TemplateProblem(CardforgeError, ValueError):
    """A placeholder that cannot be rendered (unknown name, syntax error, sandbox refusal)."""


class BoundedSandbox(ImmutableSandboxedEnvironment):
    """The sandbox, plus limits on `*` and `**` so a placeholder cannot build a gigabyte string.

    Shared by card faces and the rules booklet."""

    intercepted_binops = frozenset({"*", "**"})
    MAX_SIZE = 100_000

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "**" and isinstance(right, int) and abs(right) > 64:
            raise SecurityError(f"exponent {right} is too large for a deck placeholder")
        if operator == "*":
            for seq, count in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(count, int) and len(seq) * count > self.MAX_SIZE:
                    raise SecurityError("a repeated string or list longer than 100,000 items")
        return super().call_binop(context, operator, left, right)


_ENV = BoundedSandbox(undefined=ExplainedUndefined, autoescape=False)


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
        reason = exc.with_names(context) if isinstance(exc, MissingName) and exc.owner is None else str(exc)
        raise TemplateProblem(f"{prefix}cannot fill in {source!r}: {reason}") from None


def face_context(deck: Any, card: Any) -> dict[str, Any]:
    """What a face template may use: card, its suit, all suits, the rules params, the deck spec."""
    return {
        "card": card,
        "suit": deck.suit(card.suit),
        "suits": deck.spec.suits,
        "params": deck.rules_params,
        "deck": deck.spec,
    }
