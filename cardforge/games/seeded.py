"""Where a run's shuffles come from: game `index` of a run seeded `seed` draws every shuffle and random
pick from its own generator (`game_seed`), so a game is the same whichever process or batch plays it,
and a booklet's worked example is a game the simulator would play (sim/run.py, games/declared/teaching.py)."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any

from .tricks import TrickGame


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` in a run: a hash, so neighbouring games are unrelated."""
    digest = hashlib.blake2b(f"cardforge:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


class RandomChance:
    """Shuffles and random picks from the game's seeded generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def deal(self, game: TrickGame[Any], hand_index: int) -> tuple[list[list[int]], list[int]]:
        cards = list(range(len(game.ids)))
        self.rng.shuffle(cards)
        size = game.hand_size_of(hand_index)
        hands = [cards[s * size:(s + 1) * size] for s in range(game.players)]
        return hands, cards[game.players * size:]

    def pick(self, game: TrickGame[Any], hand_index: int, what: str, options: Sequence[Any]) -> Any:
        return options[int(self.rng.random() * len(options))]

    def order(self, game: TrickGame[Any], hand_index: int, what: str, items: list[int]) -> list[int]:
        items = list(items)
        self.rng.shuffle(items)
        return items
