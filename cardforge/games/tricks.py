"""The trick-taking engine: deal, lead, legal plays, trick winner, and the hand and game flow.

A ruleset subclasses `TrickGame` and fills in a few hooks (`legal`, `apply`, `trick_winner`,
`score_hand`, ...). The flow here is the only game loop, used both by the simulator (agents and a
seeded random source decide) and by the replay checker (a log decides); either way every play passes
the same legality check, so a log that replays is a log the rules allow.

Speed matters (the simulator plays hundreds of thousands of cards a second), so inside the engine a
card is a small int (its index in the deal plan) and a play is `card * 2 + down`. The public helpers
(`legal_plays`, `play`, `make_state`) speak card ids such as `blue-7`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar, cast

from ..deck import Deck
from ..errors import RuleError


class Play(NamedTuple):
    """One card played; `down` is true for a card played face down (Fives)."""

    card: str
    down: bool = False

    def __str__(self) -> str:
        return f"{self.card} (face down)" if self.down else self.card


class Agent(Protocol):
    """Whoever decides for a seat: a simulated player, or a log being replayed."""

    def play(self, game: TrickGame[Any], st: Any, legal: list[int]) -> int: ...

    def choose_cards(self, game: TrickGame[Any], st: Any, seat: int, count: int, purpose: str) -> list[int]: ...

    def bid(self, game: TrickGame[Any], st: Any, seat: int, allowed: list[int]) -> int: ...


class Chance(Protocol):
    """Where the shuffles come from: a seeded generator, or a log being replayed."""

    def deal(self, game: TrickGame[Any], hand_index: int) -> tuple[list[list[int]], list[int]]: ...

    def pick(self, game: TrickGame[Any], hand_index: int, what: str, options: Sequence[Any]) -> Any: ...

    def order(self, game: TrickGame[Any], hand_index: int, what: str, items: list[int]) -> list[int]: ...


class HandState:
    """Everything about the hand in progress; rulesets add their own slots in a subclass."""

    __slots__ = ("hand_index", "dealer", "hands", "leader", "to_move", "trick", "trick_index",
                 "tricks_total", "won", "lead_colour")

    def __init__(self, players: int) -> None:
        self.hand_index = 0
        self.dealer = 0
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.leader = 0
        self.to_move = 0
        self.trick: list[int] = []
        self.trick_index = 0
        self.tricks_total = 0
        self.won: list[int] = [0] * players
        self.lead_colour = -1


@dataclass
class TrickRecord:
    leader: int
    plays: list[int]
    winner: int
    field: int = -1


@dataclass
class HandRecord:
    """What happened in one hand, as ints; `TrickGame.hand_log` turns it into the JSON log."""

    dealer: int
    dealt: list[list[int]]
    set_aside: list[int]
    extras: dict[str, Any] = field(default_factory=dict)
    tricks: list[TrickRecord] = field(default_factory=list)
    hand_points: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)


@dataclass
class GameRecord:
    totals: list[int]
    hands: list[HandRecord] = field(default_factory=list)
    winners: tuple[int, ...] = ()
    carry: dict[str, Any] = field(default_factory=dict)

    @property
    def plays(self) -> int:
        return sum(len(t.plays) for h in self.hands for t in h.tricks)


S = TypeVar("S", bound=HandState)


class TrickGame(Generic[S]):
    """A trick-taking ruleset bound to one deck and player count, generic over its hand state `S`."""

    ruleset: str = ""
    state_class: ClassVar[type[HandState]] = HandState

    def __init__(self, deck: Deck, players: int) -> None:
        if players not in deck.players:
            raise RuleError(f"{deck.id} is for {', '.join(map(str, deck.players))} players, not {players}")
        self.deck = deck
        self.players = players
        self.params = deck.rules_params
        plan = deck.deal_plan(players)
        self.cards = plan.cards
        self.ids: list[str] = [c.id for c in plan.cards]
        self.index: dict[str, int] = {cid: i for i, cid in enumerate(self.ids)}
        self.suit_names: list[str] = list(deck.spec.suits)
        suit_number = {name: i for i, name in enumerate(self.suit_names)}
        self.suit_of: list[int] = [suit_number.get(c.suit or "", -1) for c in plan.cards]
        self.rank_of: list[int] = [c.value if c.value is not None else 0 for c in plan.cards]
        self.hand_size = plan.hand
        self.next_seat = [(s + 1) % players for s in range(players)]
        self.all_cards = set(range(len(self.ids)))

    def take_chosen_cards(self, st: S, agents: Sequence[Agent], count: int, purpose: str) -> list[list[int]]:
        """Every seat chooses `count` different cards from its hand (to pass or to give); the engine
        checks each choice and takes the cards out of the hands. Returns the choices per seat."""
        chosen = []
        for seat in range(self.players):
            cards = list(agents[seat].choose_cards(self, st, seat, count, purpose))
            hand = st.hands[seat]
            if len(cards) != count or len(set(cards)) != len(cards) or any(c not in hand for c in cards):
                raise RuleError(f"seat {seat} must {purpose} {count} different cards from its hand")
            chosen.append(cards)
        for seat, cards in enumerate(chosen):
            for c in cards:
                st.hands[seat].remove(c)
        return chosen

    # ------------------------------------------------------------------ hooks a ruleset fills in

    def start_points(self) -> int:
        return 0

    def hand_size_of(self, hand_index: int) -> int:
        """Cards each seat is dealt in hand `hand_index`."""
        return self.hand_size

    def game_over(self, game: GameRecord) -> bool:
        raise NotImplementedError

    def max_hands(self) -> int:
        """A game still running after this many hands is an error, never a silent skip."""
        return 1000

    def points_with_pool(self, game: GameRecord, hand_index: int, pool: int) -> list[int] | None:
        """The points of the hand just played had `pool` points been carried into it by the hands before
        (a hand replayed alone does not know them); None for a game that carries nothing."""
        return None

    def dealer(self, hand_index: int) -> int:
        return hand_index % self.players

    def setup_hand(self, st: S, rec: HandRecord, game: GameRecord, chance: Chance, agents: Sequence[Agent]) -> None:
        """Passes, gifts, point suits: whatever happens between the deal and the first lead."""

    def first_leader(self, st: S) -> int:
        raise NotImplementedError

    def start_trick(self, st: S) -> int:
        """Called before each lead; returns the trick's field colour (-1 when the ruleset has none)."""
        return -1

    def legal(self, st: S) -> list[int]:
        """The legal plays (ints) for `st.to_move`."""
        raise NotImplementedError

    def lead_colour_of(self, st: S, play: int) -> int:
        """The colour a lead of `play` asks the others to follow."""
        return self.suit_of[play >> 1]

    def apply(self, st: S, play: int) -> None:
        """Moves the card from the hand into the trick (legality is checked before)."""
        st.hands[st.to_move].remove(play >> 1)
        st.trick.append(play)

    def trick_winner(self, st: S) -> int:
        """The seat currently winning `st.trick` (works on a partly played trick too)."""
        raise NotImplementedError

    def end_trick(self, st: S, winner: int) -> None:
        st.won[winner] += 1

    def score_hand(self, st: S, rec: HandRecord, game: GameRecord) -> list[int]:
        raise NotImplementedError

    def winners(self, game: GameRecord) -> tuple[int, ...]:
        """Highest total wins; a tie is a shared win (rulesets override for other tie-breaks)."""
        best = max(game.totals)
        return tuple(s for s, t in enumerate(game.totals) if t == best)

    def first_seat(self) -> tuple[int, str]:
        """The seat the first-seat-advantage verdict looks at, and why it is first."""
        return 0, "the first dealer"

    def hand_extras_log(self, rec: HandRecord) -> dict[str, Any]:
        """Ruleset fields of a hand in the JSON log (point suit, passes, gifts, flip deck)."""
        return {}

    def field_name(self, field_colour: int) -> str | None:
        return None

    # ------------------------------------------------------------------ the flow

    def new_state(self) -> S:
        return cast(S, self.state_class(self.players))

    def play_game(self, chance: Chance, agents: Sequence[Agent]) -> GameRecord:
        """Whole game: hands until `game_over`; raises RuleError if it never ends."""
        if len(agents) != self.players:
            raise RuleError(f"{len(agents)} agents for {self.players} seats")
        game = GameRecord(totals=[self.start_points()] * self.players)
        limit = self.max_hands()
        while not self.game_over(game):
            if len(game.hands) >= limit:
                raise RuleError(f"{self.ruleset}: the game did not end within {limit} hands")
            self.play_hand(len(game.hands), game, chance, agents)
        game.winners = self.winners(game)
        return game

    def play_hand(self, hand_index: int, game: GameRecord, chance: Chance, agents: Sequence[Agent]) -> HandRecord:
        st = self.new_state()
        st.hand_index = hand_index
        st.dealer = self.dealer(hand_index)
        hands, aside = chance.deal(self, hand_index)
        self.check_deal(hands, aside)
        st.hands = [list(h) for h in hands]
        rec = HandRecord(st.dealer, [list(h) for h in hands], list(aside))
        game.hands.append(rec)
        self.setup_hand(st, rec, game, chance, agents)
        st.leader = self.first_leader(st)
        st.tricks_total = len(st.hands[0])
        nxt = self.next_seat
        legal_of, apply, players = self.legal, self.apply, self.players
        tricks = rec.tricks
        choose = [agent.play for agent in agents]
        for t in range(st.tricks_total):
            st.trick_index = t
            field_colour = self.start_trick(st)
            plays: list[int] = []
            st.trick = plays
            seat = st.leader
            for _ in range(players):
                st.to_move = seat
                legal = legal_of(st)
                choice = choose[seat](self, st, legal)
                if choice not in legal:
                    raise RuleError(self.illegal_message(st, choice, legal))
                apply(st, choice)
                seat = nxt[seat]
            winner = self.trick_winner(st)
            self.end_trick(st, winner)
            tricks.append(TrickRecord(st.leader, plays, winner, field_colour))
            st.leader = winner
        rec.hand_points = self.score_hand(st, rec, game)
        game.totals = [a + b for a, b in zip(game.totals, rec.hand_points)]
        rec.totals = list(game.totals)
        return rec

    def check_deal(self, hands: list[list[int]], aside: list[int]) -> None:
        """A deal uses every card in play exactly once and gives everyone the plan's hand size."""
        if len(hands) != self.players or any(len(h) != self.hand_size for h in hands):
            raise RuleError(f"a deal gives {self.players} seats {self.hand_size} cards each")
        used = [c for h in hands for c in h]
        used += aside
        if len(used) != len(self.ids) or set(used) != self.all_cards:
            raise RuleError("a deal must use every card in play exactly once")

    def illegal_message(self, st: S, play: int, legal: list[int]) -> str:
        shown = self.play_text(play) if isinstance(play, int) and 0 <= play >> 1 < len(self.ids) else repr(play)
        allowed = ", ".join(self.play_text(p) for p in legal)
        return (f"hand {st.hand_index + 1}, trick {st.trick_index + 1}: seat {st.to_move} may not play {shown} here; "
                f"legal: {allowed}")

    # ------------------------------------------------------------------ public helpers (card ids)

    def card_int(self, card_id: str) -> int:
        try:
            return self.index[card_id]
        except KeyError:
            raise RuleError(f"no card {card_id!r} in play in {self.deck.id} with {self.players} players") from None

    def play_int(self, play: Play | str) -> int:
        if isinstance(play, str):
            play = Play(play)
        return self.card_int(play.card) * 2 + (1 if play.down else 0)

    def to_play(self, play: int) -> Play:
        return Play(self.ids[play >> 1], bool(play & 1))

    def play_text(self, play: int) -> str:
        return str(self.to_play(play))

    def make_state(self, hands: Sequence[Sequence[str]], leader: int = 0, dealer: int = 0, **fields: Any) -> S:
        """A hand in progress built from card ids, for tests and tools: `make_state([["blue-7"], ...])`."""
        if len(hands) != self.players:
            raise RuleError(f"{len(hands)} hands for {self.players} seats")
        st = self.new_state()
        st.hands = [[self.card_int(c) for c in h] for h in hands]
        st.leader = st.to_move = leader
        st.dealer = dealer
        st.tricks_total = max(len(h) for h in hands)
        for name, value in fields.items():
            setattr(st, name, value)
        return st

    def legal_plays(self, st: S) -> list[Play]:
        """The plays the seat to move may make, as `Play(card_id, down)`."""
        return [self.to_play(p) for p in self.legal(st)]

    def play(self, st: S, play: Play | str) -> int | None:
        """Plays for the seat to move; refuses an illegal play with RuleError.

        Returns the winning seat when this play completes the trick (the winner then leads)."""
        if len(st.trick) == 0:
            self.start_trick(st)
        choice = self.play_int(play)
        legal = self.legal(st)
        if choice not in legal:
            raise RuleError(self.illegal_message(st, choice, legal))
        self.apply(st, choice)
        if len(st.trick) < self.players:
            st.to_move = self.next_seat[st.to_move]
            return None
        winner = self.trick_winner(st)
        self.end_trick(st, winner)
        st.leader = st.to_move = winner
        st.trick = []
        st.trick_index += 1
        return winner

    def winner_if(self, st: S, play: int) -> int:
        """Who would be winning the current trick if the seat to move made `play` (for agents)."""
        trick, lead = st.trick, st.lead_colour
        if not trick:
            st.lead_colour = self.lead_colour_of(st, play)
        st.trick = trick + [play]
        try:
            return self.trick_winner(st)
        finally:
            st.trick, st.lead_colour = trick, lead

    def play_seat(self, st: S, position: int) -> int:
        """The seat that made the `position`-th play of the current trick."""
        return (st.leader + position) % self.players

    # ------------------------------------------------------------------ logs

    def hand_log(self, rec: HandRecord) -> dict[str, Any]:
        ids, n = self.ids, self.players
        out: dict[str, Any] = {"dealer": rec.dealer, "dealt": [[ids[c] for c in h] for h in rec.dealt]}
        out.update(self.hand_extras_log(rec))
        tricks = []
        for t in rec.tricks:
            entry: dict[str, Any] = {
                "leader": t.leader,
                "plays": [{"seat": (t.leader + i) % n, "card": ids[p >> 1], "down": bool(p & 1)}
                          for i, p in enumerate(t.plays)],
                "winner": t.winner,
            }
            name = self.field_name(t.field)
            if name is not None:
                entry["field"] = name
            tricks.append(entry)
        out["tricks"] = tricks
        out["hand_points"] = list(rec.hand_points)
        out["totals"] = list(rec.totals)
        return out

    def game_log(self, game: GameRecord, seed: int, index: int, agents: Sequence[str] = ()) -> dict[str, Any]:
        """The replay format (one JSON object per game)."""
        log: dict[str, Any] = {"ruleset": self.ruleset, "deck": self.deck.id, "players": self.players,
                               "seed": seed, "game": index}
        if agents:
            log["agents"] = list(agents)
        log["hands"] = [self.hand_log(h) for h in game.hands]
        log["winners"] = list(game.winners)
        return log

    # ------------------------------------------------------------------ per-game figures for reports

    def figures(self, game: GameRecord) -> dict[str, Any]:
        """Ruleset-specific raw numbers of one game (bust counts, trick counts, moon shots...)."""
        return {}
