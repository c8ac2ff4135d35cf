"""The rules at a glance, written from a declaration: each section of the vocabulary says what it does
in the deck's own names (suits, cards), as the steps of a hand and of a trick and a few notes. Every
declared deck's booklet gets it as `{{ tables.turn_summary }}` (and on its back cover), so the printed
summary is the game the simulator plays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .vocabulary import FirstLead, TrickRules

if TYPE_CHECKING:
    from ...deck import Deck

DIRECTIONS = {"left": "to the left", "right": "to the right", "across": "across", "hold": "no pass"}
INT_DIRECTIONS = {0: "hold", 1: "left", -1: "right"}


def _join(words: list[str], last: str = "and") -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def _per_players(value: Any, unit: str) -> str:
    """`3 cards`, or `3 cards with 4 players, 5 with 3` for a value given per player count."""
    if not isinstance(value, dict):
        return f"{value} {unit}{'' if value == 1 else 's'}"
    parts = [f"{v} with {n} players" for n, v in sorted(value.items())]
    return f"{unit}s ({'; '.join(parts)})"


class Glance:
    def __init__(self, deck: Deck, rules: TrickRules) -> None:
        self.deck, self.r = deck, rules

    def suit(self, key: str) -> str:
        suit = self.deck.spec.suits.get(key)
        return suit.name if suit is not None else key

    def card(self, card_id: str) -> str:
        return self.deck.card(card_id).name

    @property
    def hand_suit_word(self) -> str:
        hs = self.r.hand_suit
        return "trump" if hs is None or hs.sets == "trump" else "the point suit"

    # ---------------------------------------------------------------- a hand

    def deal(self) -> str:
        d = self.r.deal
        text = ("the cards in play, evenly (see the setup)" if d.hand_sizes is None else
                f"{_join([str(n) for n in d.hand_sizes])} cards each, one size per hand in this order")
        rest = "go face down into the flip deck" if d.rest == "flip_deck" else "are set aside unseen"
        return f"{text}; cards left over {rest}."

    def hand_suit(self) -> str | None:
        hs = self.r.hand_suit
        if hs is None:
            return None
        what = self.hand_suit_word
        if hs.by == "next_card":
            return f"turn up the next card left over: its suit is {what} this hand (the card stays out of play)."
        if hs.by == "random_card":
            return f"turn up a random card of the whole deck: its suit is {what} this hand; the card goes back."
        suits = _join([self.suit(s) for s in hs.suits], "or") if hs.suits else "any suit"
        return f"choose {what} at random: {suits}."

    def passing(self) -> str | None:
        p = self.r.passing
        if p is None:
            return None
        count = _per_players(p.count, "card")
        if p.to == "flip_deck":
            return f"each player gives {count} face down to the flip deck, which is shuffled."
        cycles = p.to if isinstance(p.to, dict) else {0: p.to}
        parts = []
        for players, cycle in sorted(cycles.items()):
            words = [DIRECTIONS[d] if isinstance(d, str) else DIRECTIONS[INT_DIRECTIONS[d]] if d in INT_DIRECTIONS
                     else f"{abs(d)} seats to the {'left' if d > 0 else 'right'}" for d in cycle]
            parts.append((f"with {players} players: " if players else "") + ", ".join(words))
        return f"each player passes {count}, by hand in turn ({'; '.join(parts)}), then the cycle repeats."

    def flip_deck(self) -> str | None:
        f = self.r.flip_deck
        if f is None:
            return None
        text = "before each trick, turn up the flip deck's next card: its suit is the trick's field colour"
        if f.field_suit is not None:
            text += f"; a {self.suit(f.field_suit)} card counts as the field colour once played"
        return text + "."

    def bidding(self) -> str | None:
        b = self.r.bidding
        if b is None:
            return None
        top = "the number of cards in hand" if b.max == "hand" else str(b.max)
        text = f"starting left of the dealer, each player bids the tricks they will take, {b.min} to {top}"
        if b.dealer_hook:
            text += "; the dealer, last, may not make the bids add up to the number of tricks"
        return text + "."

    def first_lead(self) -> str:
        first = self.r.lead.first
        if first == "left_of_dealer":
            return "the player left of the dealer leads the first trick; each trick's winner leads the next."
        if first == "dealer":
            return "the dealer leads the first trick; each trick's winner leads the next."
        assert isinstance(first, FirstLead)
        if first.holder_of is not None:
            who = f"the holder of the {self.card(first.holder_of)}"
        elif isinstance(first.lowest_of, dict):
            pairs = [f"{self.suit(v)} when {self.suit(k)} is {self.hand_suit_word}" for k, v in first.lowest_of.items()]
            who = f"whoever holds the lowest card in play of the suit the hand names ({'; '.join(pairs)})"
        else:
            who = f"whoever holds the lowest card of {self.suit(str(first.lowest_of))} in play"
        return f"{who} leads the first trick{' with it' if first.must_play_it else ''}; each winner leads the next."

    def score(self) -> str:
        s = self.r.scoring
        if s.count == "winning_card":
            taken = "add the ranks of the cards you won tricks with"
        elif s.count == "card_points":
            taken = "add the points of the cards you took"
        else:
            taken = "count your tricks"
        if s.hand == "count":
            text = f"{taken}: {'a point each' if s.count == 'tricks' else 'that is your score for the hand'}"
        elif s.hand == "table":
            table = ", ".join(f"{n}: {p:+d}" for n, p in sorted((s.table or {}).items()))
            text = f"{taken}; they score by the table ({table}), any other number {s.otherwise_per_trick:+d} a trick"
        elif s.hand == "bid" and s.bid is not None:
            text = (f"{taken}: {s.bid.per_trick} a trick, and {s.bid.exact_bonus} more for taking exactly "
                    "the tricks you bid")
        else:
            t = s.target
            assert t is not None
            if isinstance(t.places, list):
                places = ", ".join(str(p) for p in t.places)
            else:
                places = "; ".join(f"{', '.join(str(p) for p in row)} with {n} players"
                                   for n, row in sorted(t.places.items(), reverse=True))
            text = (f"{taken} and aim at {t.value} without going over: the closest, the next... score {places} "
                    "(tied players share the lowest place they cover)")
            if t.exact_bonus:
                text += f", exactly {t.value} {t.exact_bonus} more"
            if t.bust_penalty:
                to = "the next hand's closest" if t.bust_pool == "carry" else "nobody"
                text += (f"; over {t.value} pays {t.bust_penalty} to the single closest player "
                         f"(with none, to {to})")
        return text + "."

    def card_points(self) -> str | None:
        cp = self.r.scoring.card_points
        if cp is None:
            return None
        parts = [f"every {self.suit(k)} card {v}" for k, v in cp.suits.items()]
        parts += [f"the {self.card(k)} {v}" for k, v in cp.cards.items()]
        if cp.hand_suit:
            parts.append(f"every card of the point suit {cp.hand_suit}")
        return f"cards taken score: {_join(parts)}." if parts else None

    def moon(self) -> str | None:
        m = self.r.scoring.moon
        if m is None:
            return None
        if m.scores == "add_to_others":
            return "taking every point in play shoots the moon: score nothing, and everyone else scores them all."
        return "taking every point in play shoots the moon: lose them instead of scoring them."

    # ---------------------------------------------------------------- a trick

    def follow(self) -> str:
        f = self.r.follow
        if not f.must_follow:
            text = "any card; nobody has to follow the suit led"
        else:
            text = "the suit led if you can"
            if f.always_allowed:
                text += f" (a {_join([self.suit(s) for s in f.always_allowed], 'or')} card is always allowed)"
            text += "; otherwise any card"
        if f.no_points_first_trick:
            text += ", except that in the first trick nobody plays a card worth points while holding another"
        return text + "."

    def broken(self) -> str | None:
        b = self.r.lead.broken
        if b is None:
            return None
        by = f" or the {_join([self.card(c) for c in b.also_by], 'or')}" if b.also_by else ""
        return (f"any card, but no {self.suit(b.suit)} card until a {self.suit(b.suit)} card{by} has been played, "
                "unless the leader holds nothing else.")

    def face_down(self) -> str | None:
        fd = self.r.face_down
        if fd is None:
            return None
        as_card = f"the {self.suit(fd.counts_as.suit)} {fd.counts_as.rank}"
        when = [f"when {self.suit(fd.counts_as.suit)} is led", "when you cannot follow"]
        if fd.sole_card_of_led_suit:
            when.append("with your only card of the suit led")
        limit = "one card" if fd.per_trick == 1 else f"{fd.per_trick} cards"
        return (f"a card may be played face down as {as_card}, never trump: leading, {_join(when, 'or')}; "
                f"at most {limit} per trick.")

    def _ranks_meet(self, same_suit: bool) -> bool:
        """Whether two cards in a trick can show the same rank: of one suit (a card printed twice, a card
        played face down as another) or of any suits. Where they cannot, the glance says nothing of ties."""
        if same_suit and self.r.face_down is not None:
            return True
        shown = [(c.suit if same_suit else None, c.value) for c in self.deck.cards if c.deal and c.value is not None]
        return len(shown) != len(set(shown))

    def _ties(self, which: str, same_suit: bool = True) -> str:
        if not self._ranks_meet(same_suit):
            return ""
        return f" (equal cards: {'the first played' if which == 'first' else 'the last played'})"

    def win(self) -> str:
        t = self.r.trick
        ties = self._ties(t.ties)
        if t.lowest_if_mixed:
            low = self._ties(t.lowest_ties, same_suit=False)
            return (f"with one suit in the trick the highest card wins{ties}; with more than one "
                    f"suit the lowest card wins{low}.")
        if t.strength is not None:
            orders = "; ".join(f"{self.suit(led)} led: {' > '.join(self.suit(s) for s in order)}"
                               for led, order in t.strength.items())
            text = f"the strongest suit in the trick wins, by the suit led ({orders}); then the highest card"
            if t.reversed_by is not None:
                text += (f". A {_join(t.reversed_by.ranks, 'or')} in the trick turns the order: "
                         + "; ".join(f"{self.suit(led)} led: {' > '.join(self.suit(s) for s in order)}"
                                     for led, order in t.reversed_by.strength.items()))
            return text + f"{ties}."
        trump = (self.suit(t.trump) if t.trump is not None else
                 "trump" if self.r.hand_suit is not None and self.r.hand_suit.sets == "trump" else None)
        if trump is not None:
            return f"the highest {trump} wins; without one, the highest card of the suit led{ties}."
        return f"the highest card of the suit led wins{ties}."

    # ---------------------------------------------------------------- notes

    def end(self) -> str:
        e, w = self.r.end, self.r.winner
        if e.score is not None:
            text = f"The game ends after the hand in which someone reaches {e.score}."
        elif e.hands == "players":
            text = "A game is one hand dealt by each player in turn."
        elif e.hands == "hand_sizes":
            text = "A game is one hand of each size in the deal."
        else:
            text = f"A game is {e.hands} hand{'s' if e.hands != 1 else ''}; the deal passes to the left."
        if self.r.scoring.start:
            text = f"Everyone starts with {self.r.scoring.start}. " + text
        text += f" The {w.best} total wins; "
        if w.tie_break == "closest_to_target" and self.r.scoring.target is not None:
            text += (f"a tie goes to the one whose last hand came closest to {self.r.scoring.target.value} "
                     "without going over, else the win is shared.")
        else:
            text += "equal totals share the win."
        return text


def turn_summary(deck: Deck, rules: TrickRules) -> dict[str, Any]:
    """The block teaching.html.j2's `turn_summary` macro draws: title, parts with steps, notes."""
    g = Glance(deck, rules)
    hand = [("Deal", g.deal()), ("Choose", g.hand_suit()), ("Pass", g.passing()), ("Bid", g.bidding()),
            ("Lead", g.first_lead()), ("Score", g.score()), ("Points", g.card_points()), ("Moon", g.moon())]
    trick = [("Turn up", g.flip_deck()), ("Lead", g.broken() or "any card."), ("Follow", g.follow()),
             ("Face down", g.face_down()), ("Win", g.win())]
    return {"title": f"{deck.title} at a glance",
            "parts": [{"heading": "A hand", "steps": [(k, v) for k, v in hand if v]},
                      {"heading": "A trick", "steps": [(k, v) for k, v in trick if v]}],
            "notes": [g.end()]}
