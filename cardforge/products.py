"""Which print-and-play products a build makes for a deck, and why it leaves the others out.

An art deck (images drawn elsewhere, no `players`, no rules) gets its card sheets only; a deck without a
rules text gets no booklet. `cardforge build --only ...` narrows the choice further. This module only
decides: it imports nothing heavy, so `build --only cards` starts without WeasyPrint or the simulator.
"""

from __future__ import annotations

from dataclasses import dataclass

from .deck import Deck
from .errors import CardforgeError
from .paths import UnsafeReference

PRODUCTS = ("cards", "booklet", "report")
"""What `--only` can name: card sheets (and PNGs with --png), the rules booklet, the balance report."""
RULES_FILE = "rules.md"
"""The rules text looked for beside deck.yaml when the deck sets no `rules_text` (docs/deck-format.md)."""


class NothingToBuild(CardforgeError):
    """`--only` named products that this deck cannot have (an art deck has no booklet)."""


@dataclass(frozen=True)
class ProductPlan:
    """The products to make, in order, and each left-out product with the reason, for one line of output."""

    deck_id: str
    make: tuple[str, ...]
    skipped: tuple[tuple[str, str], ...]

    def skipped_line(self) -> str:
        """`my-art: skipped booklet (no rules text ...), report (...)`; empty when nothing was skipped."""
        if not self.skipped:
            return ""
        return f"{self.deck_id}: skipped " + ", ".join(f"{name} ({why})" for name, why in self.skipped)


def has_rules_text(deck: Deck) -> bool:
    """True when the deck sets `rules_text` or has a rules.md beside it (or beside the deck it extends)."""
    if deck.spec.rules_text is not None:
        return True
    try:
        deck.resolve_file(RULES_FILE)
    except UnsafeReference:
        return False
    return True


def is_art_deck(deck: Deck) -> bool:
    """No player counts and no rules: cards to print, nothing to deal, play or check."""
    return not deck.players and deck.ruleset is None


def why_not(deck: Deck, product: str) -> str | None:
    """The reason `deck` cannot have `product`, or None when it can."""
    if product == "booklet" and not has_rules_text(deck):
        return f"no rules text: no {RULES_FILE} beside deck.yaml and no `rules_text`"
    if product == "report" and is_art_deck(deck):
        return "nothing to check: the deck has no `players` and no `rules`"
    return None


def plan_products(deck: Deck, only: tuple[str, ...] = ()) -> ProductPlan:
    """The products for `deck`: all it can have, or those named in `only` (an error if it cannot have one).

    Only products left out for a reason are listed as skipped; those not named in `only` were not wanted."""
    unknown = [name for name in only if name not in PRODUCTS]
    if unknown:
        raise NothingToBuild(f"unknown product {unknown[0]!r}; choose from {', '.join(PRODUCTS)}")
    make: list[str] = []
    skipped: list[tuple[str, str]] = []
    for product in PRODUCTS:
        reason = why_not(deck, product)
        if only and product not in only:
            continue
        if reason is not None and only:
            raise NothingToBuild(f"{deck.path}: {deck.id} has no {product}: {reason}")
        elif reason is not None:
            skipped.append((product, reason))
        else:
            make.append(product)
    return ProductPlan(deck.id, tuple(make), tuple(skipped))
