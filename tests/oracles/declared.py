"""A readable reading of the trick-taking vocabulary, written from the words' descriptions in
docs/trick-vocabulary.md on card id strings, apart from the compiled rules (cardforge/sim/trickrules.py).

`Reading.check_game` walks a JSONL game log of any declared game (the bundled rulesets' declarations
included) and checks everything the rules decide: the hand sizes, the passes and the flip deck, the
hand's suit, the bids, who leads, that every play is one the reading allows (and tells the caller the
whole set it allows at each step), the field colour, each trick's winner, every hand's points and
totals, when the game ends and who wins. tests/test_conformance.py holds every registered game to it.
It is slow on purpose: lists and sets of card ids, one rule at a time, nothing shared with the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardforge.deck import Deck, rank_value
from cardforge.games.declared.vocabulary import DIRECTION_OFFSETS, FirstLead, TrickRules, per_players

Play = tuple[str, bool]
"""(card id, face down)"""


@dataclass
class HandState:
    held: list[list[str]]
    dealt: set[str]
    trump: str | None = None
    point_suit: str | None = None
    broken: bool = False
    won: list[int] = field(default_factory=list)
    taken: list[list[str]] = field(default_factory=list)
    winning_ranks: list[int] = field(default_factory=list)


@dataclass
class Decision:
    """One play as the reading sees it: the seat's cards before the play and every play it allows."""

    hand: int
    trick: int
    position: int
    seat: int
    held: list[str]
    plays: list[Play]
    allowed: set[Play]
    chosen: Play
    led: str | None
    trump: str | None
    field: str | None
    state: HandState


class Reading:
    def __init__(self, rules: TrickRules, deck: Deck, players: int) -> None:
        self.r = rules
        self.n = players
        self.plan = deck.deal_plan(players)
        self.suit: dict[str, str] = {}
        self.rank: dict[str, int] = {}
        self.label: dict[str, str] = {}
        for card in deck.cards:
            if card.suit is not None and card.rank is not None:
                self.suit[card.id], self.rank[card.id], self.label[card.id] = card.suit, rank_value(card.rank), card.rank
        self.in_game = [c.id for c in self.plan.cards]

    # ---------------------------------------------------------------- single rules

    def card_points(self, card: str, hs: HandState) -> int:
        cp = self.r.scoring.card_points
        if cp is None:
            return 0
        points = cp.suits.get(self.suit[card], 0) + cp.cards.get(card, 0)
        if hs.point_suit is not None and self.suit[card] == hs.point_suit:
            points += cp.hand_suit
        return points

    def effective(self, play: Play, field_colour: str | None) -> tuple[str, int, bool]:
        """(suit, rank, may be trump) a play counts as on the table."""
        card, down = play
        fd = self.r.face_down
        if down:
            assert fd is not None
            return fd.counts_as.suit, fd.counts_as.rank, False
        suit = self.suit[card]
        flip = self.r.flip_deck
        if flip is not None and flip.field_suit == suit and field_colour is not None:
            suit = field_colour
        return suit, self.rank[card], True

    def opening(self, hs: HandState) -> str | None:
        """The card that decides who leads the first trick (lead.first), if a card does."""
        first = self.r.lead.first
        if not isinstance(first, FirstLead):
            return None
        if first.holder_of is not None:
            return first.holder_of
        suit = first.lowest_of
        if isinstance(suit, dict):
            suit = suit[hs.point_suit or hs.trump or ""]
        held = [c for h in hs.held for c in h if self.suit[c] == suit and self.label[c] not in first.except_ranks]
        return min(held, key=lambda c: self.rank[c]) if held else None

    def allowed(self, held: list[str], plays: list[Play], trick: int, hs: HandState,
                field_colour: str | None) -> set[Play]:
        r = self.r
        fd = r.face_down
        downs = sum(1 for _, d in plays if d)
        can_down = fd is not None and downs < fd.per_trick
        if not plays:
            first = r.lead.first
            if trick == 0 and isinstance(first, FirstLead) and first.must_play_it:
                return {(str(self.opening(hs)), False)}
            up = list(held)
            if r.lead.broken is not None and not hs.broken:
                others = [c for c in held if self.suit[c] != r.lead.broken.suit]
                up = others or up  # a suit not yet broken is led only from a hand of nothing else
            return {(c, False) for c in up} | ({(c, True) for c in held} if can_down else set())
        led = self.effective(plays[0], field_colour)[0]
        of_led = [c for c in held if self.suit[c] == led]  # a card in hand is of its printed suit
        if r.follow.must_follow and of_led:
            up = of_led + [c for c in held if self.suit[c] in r.follow.always_allowed and c not in of_led]
            down: list[str] = []
            if can_down and fd is not None:
                if fd.counts_as.suit == led:
                    down = list(held)  # a face-down card is of the led suit
                elif fd.sole_card_of_led_suit and len(of_led) == 1:
                    down = of_led
            return {(c, False) for c in up} | {(c, True) for c in down}
        up = list(held)
        if trick == 0 and r.follow.no_points_first_trick:
            free = [c for c in held if self.card_points(c, hs) == 0]
            up = free or up
        return {(c, False) for c in up} | ({(c, True) for c in held} if can_down else set())

    def winner(self, plays: list[Play], field_colour: str | None, trump: str | None) -> int:
        """The position in the trick of the play that wins it."""
        t = self.r.trick
        eff = [self.effective(p, field_colour) for p in plays]
        led = eff[0][0]

        def best(positions: list[int], highest: bool, ties: str) -> int:
            top = max(eff[i][1] for i in positions) if highest else min(eff[i][1] for i in positions)
            hits = [i for i in positions if eff[i][1] == top]
            return hits[0] if ties == "first" else hits[-1]

        everyone = list(range(len(plays)))
        if t.lowest_if_mixed:
            if len({e[0] for e in eff}) > 1:
                return best(everyone, False, t.lowest_ties)
            return best(everyone, True, t.ties)
        if t.strength is not None:
            table = t.strength
            if t.reversed_by is not None and any(self.label[c] in t.reversed_by.ranks for c, _ in plays):
                table = t.reversed_by.strength
            for suit in table.get(led, [led]):
                hits = [i for i in everyone if eff[i][0] == suit]
                if hits:
                    return best(hits, True, t.ties)
            return best([i for i in everyone if eff[i][0] == led], True, t.ties)
        trumps = [i for i in everyone if trump is not None and eff[i][2] and eff[i][0] == trump]
        return best(trumps or [i for i in everyone if eff[i][0] == led], True, t.ties)

    def hand_points(self, counts: list[int], won: list[int], bids: list[int] | None, in_play: int,
                    moon_possible: bool, pool: int, last: bool) -> tuple[list[int], int]:
        """(points per seat, the bust pool carried on) for a hand ending with these counts."""
        s, n = self.r.scoring, self.n
        if s.moon is not None and moon_possible and in_play > 0 and in_play in counts:
            shooter = counts.index(in_play)
            if s.moon.scores == "add_to_others":
                return [0 if p == shooter else in_play for p in range(n)], pool
            return [-in_play if p == shooter else 0 for p in range(n)], pool
        if s.hand == "count":
            return list(counts), pool
        if s.hand == "table":
            assert s.table is not None
            return [s.table.get(c, s.otherwise_per_trick * c) for c in counts], pool
        if s.hand == "bid":
            assert s.bid is not None and bids is not None
            return [s.bid.per_trick * w + (s.bid.exact_bonus if w == b else 0) for w, b in zip(won, bids)], pool
        target = s.target
        assert target is not None
        places = per_players(target.places, n)
        points = [0] * n
        under = sorted((p for p in range(n) if counts[p] <= target.value), key=lambda p: -counts[p])
        place = 0
        while place < len(under):
            group = [p for p in under if counts[p] == counts[under[place]]]
            last_place = place + len(group) - 1  # tied players share the lowest place their group covers
            for p in group:
                points[p] = places[last_place] if last_place < len(places) else 0
                if counts[p] == target.value:
                    points[p] += target.exact_bonus
            place += len(group)
        busts = [p for p in range(n) if counts[p] > target.value]
        for p in busts:
            points[p] -= target.bust_penalty
        pool += target.bust_penalty * len(busts)
        single = under[:1] if under and (len(under) == 1 or counts[under[1]] != counts[under[0]]) else []
        if single:
            points[single[0]] += pool
            pool = 0
        elif target.bust_pool == "discard" or last:
            pool = 0
        return points, pool

    # ---------------------------------------------------------------- a logged game

    def hands_in_game(self) -> int | None:
        hands = self.r.end.hands
        if hands == "players":
            return self.n
        if hands == "hand_sizes":
            assert self.r.deal.hand_sizes is not None
            return len(self.r.deal.hand_sizes)
        return hands

    def check_game(self, log: dict[str, Any], on_play: Callable[[Decision], None] | None = None,
                   on_bid: Callable[[int, list[int], int], None] | None = None) -> None:
        """Asserts the log follows the rules; calls `on_play` with every play the reading judged."""
        r, n = self.r, self.n
        totals = [r.scoring.start] * n
        pool = 0
        fixed = self.hands_in_game()
        hands = log["hands"]
        for h, hand in enumerate(hands):
            where = f"hand {h + 1}"
            assert hand["dealer"] == h % n, where
            size = r.deal.hand_sizes[h % len(r.deal.hand_sizes)] if r.deal.hand_sizes else self.plan.hand
            dealt = [list(cards) for cards in hand["dealt"]]
            assert [len(d) for d in dealt] == [size] * n, where
            dealt_set = {c for d in dealt for c in d}
            rest = list(hand["set_aside"]) if "set_aside" in hand else [c for c in self.in_game if c not in dealt_set]
            assert sorted(dealt_set | set(rest)) == sorted(self.in_game), where
            hs = HandState(held=[list(d) for d in dealt], dealt=dealt_set, won=[0] * n,
                           taken=[[] for _ in range(n)], winning_ranks=[0] * n)
            if r.hand_suit is not None:
                key = "trump" if r.hand_suit.sets == "trump" else "point_suit"
                chosen = hand[key]
                if r.hand_suit.by == "next_card":
                    assert hand["turned_up"] == rest[0] and self.suit[rest[0]] == chosen, where
                elif r.hand_suit.by == "random_suit" and r.hand_suit.suits:
                    assert chosen in r.hand_suit.suits, where
                setattr(hs, key, chosen)
            if r.trick.trump is not None:
                hs.trump = r.trick.trump
            flip: list[str] = []
            if r.passing is not None:
                count = per_players(r.passing.count, n)
                if r.passing.to == "flip_deck":
                    given = hand["given"]
                    for s in range(n):
                        assert len(given[s]) == count and all(c in hs.held[s] for c in given[s]), where
                        for c in given[s]:
                            hs.held[s].remove(c)
                    flip = list(hand["flip_deck"])
                    pile = [c for g in given for c in g] + (rest if r.deal.rest == "flip_deck" else [])
                    assert sorted(flip) == sorted(pile), where
                else:
                    cycle = per_players(r.passing.to, n)
                    direction = cycle[h % len(cycle)]
                    offset = n // 2 if direction == "across" else DIRECTION_OFFSETS.get(direction, direction)
                    passed = hand.get("passed") or [[] for _ in range(n)]
                    if offset % n == 0 or not count:
                        assert all(not p for p in passed), where
                    else:
                        assert hand["pass_offset"] % n == offset % n, where
                        for s in range(n):
                            assert len(passed[s]) == count and all(c in hs.held[s] for c in passed[s]), where
                            for c in passed[s]:
                                hs.held[s].remove(c)
                        for s in range(n):
                            hs.held[(s + offset) % n].extend(passed[s])
            elif r.deal.rest == "flip_deck":
                flip = list(hand["flip_deck"])
                assert sorted(flip) == sorted(rest), where
            bids = None
            if r.bidding is not None:
                bids = hand["bids"]
                low = r.bidding.min
                high = size if r.bidding.max == "hand" else r.bidding.max
                total = 0
                for i in range(1, n + 1):
                    seat = (hand["dealer"] + i) % n
                    options = [b for b in range(low, high + 1)
                               if not (r.bidding.dealer_hook and i == n and total + b == size)]
                    assert bids[seat] in options, f"{where}: seat {seat} bids {bids[seat]}, allowed {options}"
                    if on_bid is not None:
                        on_bid(seat, options, bids[seat])
                    total += bids[seat]
            first = r.lead.first
            if first == "left_of_dealer":
                leader = (hand["dealer"] + 1) % n
            elif first == "dealer":
                leader = hand["dealer"]
            else:
                card = self.opening(hs)
                leader = next(s for s in range(n) if card in hs.held[s])
            broken_by = set()
            if r.lead.broken is not None:
                broken_by = {c for c in self.in_game if self.suit[c] == r.lead.broken.suit} | set(r.lead.broken.also_by)
            assert len({len(h) for h in hs.held}) == 1 and len(hand["tricks"]) == len(hs.held[0]), where
            for t, trick in enumerate(hand["tricks"]):
                at = f"{where}, trick {t + 1}"
                assert trick["leader"] == leader, at
                field_colour = self.suit[flip[t]] if r.flip_deck is not None else None
                assert trick.get("field") == field_colour, at
                plays: list[Play] = []
                for p, entry in enumerate(trick["plays"]):
                    seat = (leader + p) % n
                    assert entry["seat"] == seat, at
                    play = (entry["card"], bool(entry.get("down", False)))
                    allowed = self.allowed(hs.held[seat], plays, t, hs, field_colour)
                    led = self.effective(plays[0], field_colour)[0] if plays else None
                    if on_play is not None:
                        on_play(Decision(h, t, p, seat, list(hs.held[seat]), list(plays), allowed, play, led, hs.trump,
                                         field_colour, hs))
                    assert play in allowed, f"{at}: seat {seat} plays {play}; the rules allow {sorted(allowed)}"
                    hs.held[seat].remove(play[0])
                    plays.append(play)
                    if play[0] in broken_by:
                        hs.broken = True
                pos = self.winner(plays, field_colour, hs.trump)
                won = (leader + pos) % n
                assert trick["winner"] == won, f"{at}: the winner is seat {won}, the log says {trick['winner']}"
                hs.won[won] += 1
                hs.taken[won].extend(c for c, _ in plays)
                hs.winning_ranks[won] += self.effective(plays[pos], field_colour)[1]
                leader = won
            count = r.scoring.count
            counts = (hs.won if count == "tricks" else hs.winning_ranks if count == "winning_card"
                      else [sum(self.card_points(c, hs) for c in taken) for taken in hs.taken])
            in_play = sum(self.card_points(c, hs) for c in hs.dealt)
            moon = r.scoring.moon
            possible = moon is not None and all(c in hs.dealt for c in moon.needs_in_play)
            last = fixed is not None and h == fixed - 1
            points, pool = self.hand_points(counts, hs.won, bids, in_play, possible, pool, last)
            assert hand["hand_points"] == points, f"{where}: points {points}, the log says {hand['hand_points']}"
            totals = [a + b for a, b in zip(totals, points)]
            assert hand["totals"] == totals, where
            over = fixed is not None and h == fixed - 1
            if r.end.score is not None:
                over = over or max(totals) >= r.end.score
            assert over == (h == len(hands) - 1), f"{where}: the game {'ends' if over else 'goes on'} here"
        self.check_winners(log, totals, counts)

    def check_winners(self, log: dict[str, Any], totals: list[int], last_counts: list[int]) -> None:
        w = self.r.winner
        top = max(totals) if w.best == "highest" else min(totals)
        tied = [p for p in range(self.n) if totals[p] == top]
        target = self.r.scoring.target
        if w.tie_break == "closest_to_target" and len(tied) > 1 and target is not None:
            under = [p for p in tied if last_counts[p] <= target.value]
            if under:
                best = max(last_counts[p] for p in under)
                tied = [p for p in under if last_counts[p] == best]
        assert log["winners"] == tied, f"winners {tied}, the log says {log['winners']}"


def category(d: Decision, suit: dict[str, str], card: str, down: bool) -> tuple[str, ...]:
    """The kind of a play, for a random player's freedom: leading or following, face up or down, of
    the led suit, a trump or another suit (by the printed suit)."""
    if d.led is None:
        return ("lead", "down" if down else "up")
    kind = "led" if suit[card] == d.led else "trump" if suit[card] == d.trump else "other"
    return ("follow", "down" if down else "up", kind)
