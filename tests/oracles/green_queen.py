"""Green Queen (docs/rules-readings.md): Hearts on a five-suit ring, with a random point suit and Jokers that
turn the ring around.

The ring lists the suits so that each one beats the next: with lead L (a ring position), the suits
L-1 and L+2 beat L and L-1 is the strongest. A Joker anywhere in the trick reverses the relation:
then L+1 and L+3 are stronger than L and L+1 is the strongest (Paper led -> Rock > Water > Paper).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardforge.deck import Deck
from cardforge.errors import RuleError
from cardforge.games.tricks import Agent, Chance, GameRecord, HandRecord, HandState, TrickGame


def strength_table(reverse: bool) -> list[list[int]]:
    """strength[lead][suit] on ring positions: 3 strongest, 2 second, 1 the led suit, 0 never wins."""
    table = []
    for lead in range(5):
        row = [0] * 5
        first, second = ((lead + 1) % 5, (lead + 3) % 5) if reverse else ((lead - 1) % 5, (lead + 2) % 5)
        row[first], row[second], row[lead] = 3, 2, 1
        table.append(row)
    return table


class GreenQueenState(HandState):
    __slots__ = ("point_suit", "opening", "points", "taken", "point_cards")

    def __init__(self, players: int) -> None:
        super().__init__(players)
        self.point_suit = -1
        self.opening = -1
        """The card that must open the hand's first trick (-1: none)."""
        self.points: list[int] = []
        self.taken: list[int] = [0] * players
        self.point_cards: list[int] = [0] * players


class GreenQueen(TrickGame[GreenQueenState]):
    ruleset = "green-queen"
    state_class = GreenQueenState

    def __init__(self, deck: Deck, players: int) -> None:
        super().__init__(deck, players)
        p = self.params
        self.ring = [self.suit_names.index(s) for s in p.ring]
        position = {suit: i for i, suit in enumerate(self.ring)}
        missing = [c.id for c in self.cards if self.suit_of[self.index[c.id]] not in position]
        if missing:
            raise RuleError(f"{deck.id}: cards outside the ring's suits: {', '.join(missing[:5])}")
        self.pos_of = [position[s] for s in self.suit_of]
        self.is_joker = [c.rank == "joker" for c in self.cards]
        self.strength = (strength_table(False), strength_table(True))
        self.queen = self.index.get(p.green_queen, -1)
        if players not in p.pass_cycle:
            raise RuleError(f"{deck.id}: no passing cycle for {players} players (rules.params.pass_cycle)")
        self.cycle = list(p.pass_cycle[players])
        self.point_tables = [self._points(ring_pos) for ring_pos in range(5)]

    def new_state(self) -> GreenQueenState:
        """A fresh hand; the point suit starts as the ring's first suit until the hand's is drawn."""
        st = GreenQueenState(self.players)
        st.point_suit, st.points = 0, self.point_tables[0]
        return st

    def _points(self, ring_pos: int) -> list[int]:
        p = self.params
        pts = [p.point_card_points if pos == ring_pos else 0 for pos in self.pos_of]
        if self.queen >= 0:
            pts[self.queen] += p.green_queen_points
        return pts

    # ------------------------------------------------------------------ hand flow

    def game_over(self, game: GameRecord) -> bool:
        return any(t >= self.params.end_score for t in game.totals)

    def max_hands(self) -> int:
        return self.params.max_hands

    def pass_offset(self, hand_index: int) -> int:
        return self.cycle[hand_index % len(self.cycle)]

    def setup_hand(self, st: GreenQueenState, rec: HandRecord, game: GameRecord,
                   chance: Chance, agents: Sequence[Agent]) -> None:
        p, ring_names = self.params, self.params.ring
        options = [c.suit for c in self.cards] if p.point_suit == "random_card" else list(ring_names)
        name = chance.pick(self, st.hand_index, "point_suit", options)
        if name not in ring_names:
            raise RuleError(f"point suit {name!r} is not one of {', '.join(ring_names)}")
        st.point_suit = ring_names.index(name)
        st.points = self.point_tables[st.point_suit]
        offset = self.pass_offset(st.hand_index)
        passed: list[list[int]] = []
        if offset % self.players and p.pass_count:
            passed = self.take_chosen_cards(st, agents, p.pass_count, "pass")
            for seat, cards in enumerate(passed):
                st.hands[(seat + offset) % self.players].extend(cards)
        st.opening = self.opening_card(st.point_suit, rec.set_aside)
        rec.extras = {"point_suit": name, "pass_offset": offset, "passed": passed}

    def opening_suit(self, point_pos: int) -> int:
        """The suit (a suit index) that opens a hand whose point suit sits at ring position `point_pos`:
        the suit the point suit beats along the ring's short arrow."""
        return self.ring[(point_pos + 1) % 5]

    def stronger_suits(self, lead_pos: int, joker: bool) -> list[int]:
        """Suits (ring positions) that can win a trick led at ring position `lead_pos`, strongest first."""
        row = self.strength[joker][lead_pos]
        return sorted((pos for pos in range(5) if row[pos]), key=lambda pos: -row[pos])

    def opening_card(self, point_pos: int, aside: list[int]) -> int:
        """The opening suit's 2, or its lowest non-Joker card in play when the 2 was set aside."""
        suit = self.opening_suit(point_pos)
        candidates = [c for c in range(len(self.ids))
                      if self.suit_of[c] == suit and not self.is_joker[c] and c not in aside]
        if not candidates:
            raise RuleError("no card of the opening suit is in play")
        return min(candidates, key=lambda c: self.rank_of[c])

    def first_leader(self, st: GreenQueenState) -> int:
        for seat, hand in enumerate(st.hands):
            if st.opening in hand:
                return seat
        raise RuleError(f"nobody holds the opening card {self.ids[st.opening]}")

    # ------------------------------------------------------------------ tricks

    def legal(self, st: GreenQueenState) -> list[int]:
        hand = st.hands[st.to_move]
        if not st.trick:
            if st.trick_index == 0 and st.opening >= 0:
                return [st.opening * 2]
            return [c * 2 for c in hand]
        suit_of, lead = self.suit_of, st.lead_colour
        return [c * 2 for c in hand if suit_of[c] == lead] or [c * 2 for c in hand]

    def apply(self, st: GreenQueenState, play: int) -> None:
        card = play >> 1
        st.hands[st.to_move].remove(card)
        if not st.trick:
            st.lead_colour = self.suit_of[card]
        st.trick.append(play)

    def trick_winner(self, st: GreenQueenState) -> int:
        is_joker, pos_of, rank_of = self.is_joker, self.pos_of, self.rank_of
        cards = [p >> 1 for p in st.trick]
        row = self.strength[any(is_joker[c] for c in cards)][pos_of[cards[0]]]
        best, best_at = (-1, -99), 0
        for i, c in enumerate(cards):
            key = (row[pos_of[c]], rank_of[c])
            if key[0] and key > best:
                best, best_at = key, i
        return (st.leader + best_at) % self.players

    def end_trick(self, st: GreenQueenState, winner: int) -> None:
        st.won[winner] += 1
        pts = st.points
        for p in st.trick:
            if pts[p >> 1]:
                st.taken[winner] += pts[p >> 1]
                st.point_cards[winner] += 1

    def score_hand(self, st: GreenQueenState, rec: HandRecord, game: GameRecord) -> list[int]:
        """Points taken; shooting the moon subtracts them instead (or adds them to the others).

        The moon is taking every point card in play and the Green Queen; it is worth the points in
        play. A point card set aside is neither needed nor counted; with the Green Queen set aside
        no moon is possible (docs/rules-readings.md, "Green Queen: the moon")."""
        aside = set(rec.set_aside)
        in_play = self.moon_value(st.points, aside)
        taken = list(st.taken)
        moon = -1
        for seat, got in enumerate(taken):
            if in_play and got == in_play:
                moon = seat
                if self.params.moon == "subtract":
                    taken = [0] * self.players
                    taken[seat] = -in_play
                else:
                    taken = [in_play] * self.players
                    taken[seat] = 0
        rec.stats = {"moon": moon, "taken": list(st.taken)}
        return taken

    def moon_value(self, points: list[int], aside: set[int]) -> int:
        """What shooting the moon is worth in a hand with these cards set aside: the points in play,
        or 0 (no moon) when the Green Queen is among them."""
        if self.queen < 0 or self.queen in aside:
            return 0
        return sum(v for c, v in enumerate(points) if c not in aside)

    def winners(self, game: GameRecord) -> tuple[int, ...]:
        best = min(game.totals)
        return tuple(s for s, t in enumerate(game.totals) if t == best)

    # ------------------------------------------------------------------ logs and figures

    def hand_extras_log(self, rec: HandRecord) -> dict[str, Any]:
        ids, ex = self.ids, rec.extras
        return {"point_suit": ex["point_suit"], "set_aside": [ids[c] for c in rec.set_aside],
                "pass_offset": ex["pass_offset"], "passed": [[ids[c] for c in g] for g in ex["passed"]]}

    def figures(self, game: GameRecord) -> dict[str, Any]:
        moons = [0] * self.players
        for h in game.hands:
            if h.stats["moon"] >= 0:
                moons[h.stats["moon"]] += 1
        return {"moons": moons}
