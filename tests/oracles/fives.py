"""Green Fivura and Fives (docs/rules-readings.md): aim the tricks you win at 25; any card may go face down as a 5.

One ruleset, two editions: the suits, start points and the rest are `FivesParams`.
"""

from __future__ import annotations

from typing import Any

from cardforge.deck import Deck
from cardforge.errors import RuleError
from cardforge.games.tricks import GameRecord, HandRecord, HandState, TrickGame


class FivesState(HandState):
    __slots__ = ("down_played", "values")

    def __init__(self, players: int) -> None:
        super().__init__(players)
        self.down_played = False
        self.values: list[int] = [0] * players
        """Each seat's hand total so far: the ranks of the cards it won tricks with."""


class Fives(TrickGame[FivesState]):
    ruleset = "fives"
    state_class = FivesState

    def __init__(self, deck: Deck, players: int) -> None:
        super().__init__(deck, players)
        p = self.params
        names = self.suit_names
        self.wild = names.index(p.wild_suit)
        self.trump = names.index(p.trump_suit)
        self.down_rank = p.face_down_rank
        self.allow_down = p.max_face_down_per_trick > 0
        self.target = p.target
        if players not in p.place_points:
            raise RuleError(f"{deck.id}: no points per place for {players} players (rules.params.place_points)")
        self.place_points = list(p.place_points[players])
        if p.first_leader_card not in self.index:
            raise RuleError(f"{deck.id}: the first leader's card {p.first_leader_card} is not in play "
                            f"with {players} players")
        self.opener = self.index[p.first_leader_card]

    # ------------------------------------------------------------------ play

    def start_points(self) -> int:
        return self.params.start_points

    def game_over(self, game: GameRecord) -> bool:
        return len(game.hands) >= self.params.hands

    def first_leader(self, st: FivesState) -> int:
        for seat, hand in enumerate(st.hands):
            if self.opener in hand:
                return seat
        raise RuleError(f"nobody holds {self.ids[self.opener]}, who leads the first trick")

    def legal(self, st: FivesState) -> list[int]:
        hand = st.hands[st.to_move]
        may_go_down = self.allow_down and not st.down_played
        if not st.trick:
            if may_go_down:
                return [c * 2 for c in hand] + [c * 2 + 1 for c in hand]
            return [c * 2 for c in hand]
        lead = st.lead_colour
        suit_of = self.suit_of
        follow = [c * 2 for c in hand if suit_of[c] == lead]
        if follow:
            if may_go_down:
                if lead == self.wild:
                    return follow + [c * 2 + 1 for c in hand]
                if len(follow) == 1:
                    return follow + [follow[0] + 1]
            return follow
        if may_go_down:
            return [c * 2 for c in hand] + [c * 2 + 1 for c in hand]
        return [c * 2 for c in hand]

    def lead_colour_of(self, st: FivesState, play: int) -> int:
        return self.wild if play & 1 else self.suit_of[play >> 1]

    def apply(self, st: FivesState, play: int) -> None:
        card = play >> 1
        st.hands[st.to_move].remove(card)
        if play & 1:
            st.down_played = True
            if not st.trick:
                st.lead_colour = self.wild
        elif not st.trick:
            st.lead_colour = self.suit_of[card]
        st.trick.append(play)

    def trick_winner(self, st: FivesState) -> int:
        """Highest face-up trump; else the highest card of the led colour (face down = wild 5)."""
        suit_of, rank_of, trump, lead = self.suit_of, self.rank_of, self.trump, st.lead_colour
        best_trump, best_trump_at = -99, -1
        best_lead, best_lead_at = -99, -1
        for i, p in enumerate(st.trick):
            if p & 1:
                suit, rank = self.wild, self.down_rank
            else:
                suit, rank = suit_of[p >> 1], rank_of[p >> 1]
                if suit == trump and rank > best_trump:
                    best_trump, best_trump_at = rank, i
                    continue
            if suit == lead and rank > best_lead:
                best_lead, best_lead_at = rank, i
        at = best_trump_at if best_trump_at >= 0 else best_lead_at
        return (st.leader + at) % self.players

    def trick_value(self, st: FivesState, winner: int) -> int:
        play = st.trick[(winner - st.leader) % self.players]
        return self.down_rank if play & 1 else self.rank_of[play >> 1]

    def end_trick(self, st: FivesState, winner: int) -> None:
        st.won[winner] += 1
        st.values[winner] += self.trick_value(st, winner)
        st.down_played = False

    # ------------------------------------------------------------------ scoring

    def score_hand(self, st: FivesState, rec: HandRecord, game: GameRecord) -> list[int]:
        points, pool, pool_lost = self.hand_points(st.values, game.carry.get("pool", 0),
                                                   last=len(game.hands) >= self.params.hands)
        game.carry["pool"] = pool
        rec.stats = {"values": list(st.values), "pool_lost": pool_lost}
        return points

    def hand_points(self, values: list[int], pool: int, last: bool) -> tuple[list[int], int, int]:
        """(points per seat, pool carried to the next hand, points lost) for one hand's totals."""
        p, target, n = self.params, self.target, self.players
        points = [0] * n
        under = sorted((s for s in range(n) if values[s] <= target), key=lambda s: target - values[s])
        place = 0
        while place < len(under):
            group = [s for s in under if values[s] == values[under[place]]]
            last_place = place + len(group) - 1
            award = self.place_points[last_place] if last_place < len(self.place_points) else 0
            for s in group:
                points[s] += award
            place += len(group)
        busts = [s for s in range(n) if values[s] > target]
        for s in range(n):
            if values[s] == target:
                points[s] += p.exact_bonus
        for s in busts:
            points[s] -= p.bust_penalty
        bust_points = p.bust_penalty * len(busts)
        closest = [s for s in under if values[s] == values[under[0]]] if under else []
        lost = 0
        if len(closest) == 1:
            points[closest[0]] += bust_points + pool
            pool = 0
        elif p.bust_pool == "carry":
            pool += bust_points
        else:
            lost += bust_points
        if last and pool:
            lost += pool
            pool = 0
        return points, pool, lost

    def winners(self, game: GameRecord) -> tuple[int, ...]:
        """Highest total; tie-break: closest to the target (not over) in the last hand; else shared."""
        best = max(game.totals)
        tied = [s for s, t in enumerate(game.totals) if t == best]
        if len(tied) == 1:
            return tuple(tied)
        values = game.hands[-1].stats["values"]
        under = [s for s in tied if values[s] <= self.target]
        if not under:
            return tuple(tied)
        top = max(values[s] for s in under)
        return tuple(s for s in under if values[s] == top)

    def figures(self, game: GameRecord) -> dict[str, Any]:
        """Counters of one game (docs/plugins.md: every figure adds up over games)."""
        n, target = self.players, self.target
        busts, exact = [0] * n, [0] * n
        totals: list[int] = []
        for h in game.hands:
            for s, v in enumerate(h.stats["values"]):
                busts[s] += v > target
                exact[s] += v == target
                if v >= len(totals):
                    totals += [0] * (v + 1 - len(totals))
                totals[v] += 1
        return {"busts": busts, "exact": exact, "totals_hist": totals,
                "pool_lost": sum(h.stats["pool_lost"] for h in game.hands)}
