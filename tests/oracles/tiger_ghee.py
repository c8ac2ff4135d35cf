"""Tiger Ghee (docs/rules-readings.md): a flipped field colour, Black cards, and tricks caught in fours.

Each seat gives cards face down to form the flip deck; each trick flips one and its colour is the
field: Black cards played in that trick count as the field colour. Mixed colours -> lowest rank wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardforge.deck import Deck
from cardforge.errors import RuleError
from cardforge.games.tricks import Agent, Chance, GameRecord, HandRecord, HandState, TrickGame


class TigerGheeState(HandState):
    __slots__ = ("field", "flip")

    def __init__(self, players: int) -> None:
        super().__init__(players)
        self.field = -1
        self.flip: list[int] = []


class TigerGhee(TrickGame[TigerGheeState]):
    ruleset = "tiger-ghee"
    state_class = TigerGheeState

    def __init__(self, deck: Deck, players: int) -> None:
        super().__init__(deck, players)
        p = self.params
        self.black = self.suit_names.index(p.black_suit)
        if players not in p.gifts:
            raise RuleError(f"{deck.id}: no gift count for {players} players (rules.params.gifts)")
        self.gifts = p.gifts[players]
        self.tricks = self.hand_size - self.gifts
        leftover = len(self.ids) - self.hand_size * players
        flip_size = self.gifts * players + (leftover if p.leftover_to_flip_deck else 0)
        if self.tricks < 1 or flip_size < self.tricks:
            raise RuleError(f"{deck.id} with {players} players: a flip deck of {flip_size} cards "
                            f"cannot cover {self.tricks} tricks")
        self.hands_per_game = players if p.hands == "players" else int(p.hands)
        self.latest_high = p.tie_highest == "latest"
        self.latest_low = p.tie_lowest == "latest"
        self.table = dict(p.score_table)

    def game_over(self, game: GameRecord) -> bool:
        return len(game.hands) >= self.hands_per_game

    def first_leader(self, st: TigerGheeState) -> int:
        return self.first_leader_of(st.dealer)

    def first_seat(self) -> tuple[int, str]:
        return self.first_leader_of(0), "the first leader"

    def first_leader_of(self, dealer: int) -> int:
        return dealer if self.params.first_leader == "dealer" else self.next_seat[dealer]

    def setup_hand(self, st: TigerGheeState, rec: HandRecord, game: GameRecord,
                   chance: Chance, agents: Sequence[Agent]) -> None:
        given = self.take_chosen_cards(st, agents, self.gifts, "give")
        pile = [c for cards in given for c in cards]
        if self.params.leftover_to_flip_deck:
            pile += rec.set_aside
        st.flip = chance.order(self, st.hand_index, "flip_deck", pile)
        if sorted(st.flip) != sorted(pile):
            raise RuleError("the flip deck must be exactly the given cards"
                            + (" and the left-over card" if rec.set_aside and self.params.leftover_to_flip_deck else ""))
        rec.extras = {"given": given, "flip_deck": list(st.flip)}

    def start_trick(self, st: TigerGheeState) -> int:
        if st.trick_index < len(st.flip):
            st.field = self.suit_of[st.flip[st.trick_index]]
        return st.field

    def colour(self, st: TigerGheeState, card: int) -> int:
        suit = self.suit_of[card]
        return st.field if suit == self.black else suit

    def legal(self, st: TigerGheeState) -> list[int]:
        """Follow the lead's colour with a card printed in it, or play a Black card; with none of the
        colour in hand, anything. A held Black is Black, not the field colour (it takes the field colour
        only once played), so held Blacks oblige only when Black itself is led on a Black field
        (docs/rules-readings.md, "Tiger Ghee: following")."""
        hand = st.hands[st.to_move]
        if st.trick:
            black, suit_of, lead = self.black, self.suit_of, st.lead_colour
            follow = [c * 2 for c in hand if suit_of[c] == lead]
            if follow:
                if lead == black:
                    return follow
                return follow + [c * 2 for c in hand if suit_of[c] == black]
        return [c * 2 for c in hand]

    def lead_colour_of(self, st: TigerGheeState, play: int) -> int:
        return self.colour(st, play >> 1)

    def apply(self, st: TigerGheeState, play: int) -> None:
        card = play >> 1
        st.hands[st.to_move].remove(card)
        if not st.trick:
            suit = self.suit_of[card]
            st.lead_colour = st.field if suit == self.black else suit
        st.trick.append(play)

    def trick_winner(self, st: TigerGheeState) -> int:
        """One effective colour -> highest rank; mixed -> lowest. Ties go to the latest (or earliest)."""
        suit_of, rank_of, black, field = self.suit_of, self.rank_of, self.black, st.field
        colours = {field if suit_of[p >> 1] == black else suit_of[p >> 1] for p in st.trick}
        ranks = [rank_of[p >> 1] for p in st.trick]
        if len(colours) == 1:
            target, latest = max(ranks), self.latest_high
        else:
            target, latest = min(ranks), self.latest_low
        at = (len(ranks) - 1 - ranks[::-1].index(target)) if latest else ranks.index(target)
        return (st.leader + at) % self.players

    def points_for(self, tricks: int) -> int:
        return self.table.get(tricks, self.params.points_per_other_trick * tricks)

    def score_hand(self, st: TigerGheeState, rec: HandRecord, game: GameRecord) -> list[int]:
        rec.stats = {"tricks": list(st.won)}
        return [self.points_for(n) for n in st.won]

    def hand_extras_log(self, rec: HandRecord) -> dict[str, Any]:
        ids = self.ids
        extras: dict[str, Any] = {"given": [[ids[c] for c in g] for g in rec.extras["given"]],
                                  "flip_deck": [ids[c] for c in rec.extras["flip_deck"]]}
        if rec.set_aside and not self.params.leftover_to_flip_deck:
            extras["set_aside"] = [ids[c] for c in rec.set_aside]
        return extras

    def field_name(self, field_colour: int) -> str | None:
        return self.suit_names[field_colour] if field_colour >= 0 else None

    def figures(self, game: GameRecord) -> dict[str, Any]:
        """Trick-count histogram over seat-hands, and ghee hands (a positive-scoring count) per seat."""
        hist = [0] * (self.tricks + 1)
        ghee = [0] * self.players
        for h in game.hands:
            for s, n in enumerate(h.stats["tricks"]):
                hist[n] += 1
                ghee[s] += n > 0 and self.points_for(n) > 0
        return {"tricks_hist": hist, "ghee": ghee}
