"""Replays a logged game through the engine's own flow, so the rules check every recorded step.

The log supplies the deals, shuffles and choices; the engine decides everything else (who leads,
what is legal, who wins each trick, the points, when the game ends) and each of those must agree with
the log. The first disagreement is a RuleError naming the hand, trick and seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from ..deck import Deck
from ..errors import CardforgeError, DeckError, RuleError
from ..games.engines import game_for, simulation_of
from ..games.tricks import GameRecord, HandRecord, HandState, Play, TrickGame
from ..load import bundled_deck_file, load_deck


def _get(obj: Any, key: str | int, where: str) -> Any:
    try:
        return obj[key]
    except (KeyError, IndexError, TypeError):
        raise RuleError(f"{where}: the log has no {key!r}") from None


class LoggedChance:
    """Deals and shuffles read from the log."""

    def __init__(self, hands: list[dict[str, Any]], first: int = 0) -> None:
        self.hands, self.first = hands, first

    def hand(self, index: int) -> dict[str, Any]:
        if index - self.first >= len(self.hands):
            raise RuleError(f"hand {index + 1}: the game is not over but the log ends")
        return self.hands[index - self.first]

    def deal(self, game: TrickGame[Any], hand_index: int) -> tuple[list[list[int]], list[int]]:
        where = f"hand {hand_index + 1}"
        hand = self.hand(hand_index)
        dealt = [[game.card_int(c) for c in h] for h in _get(hand, "dealt", where)]
        if "set_aside" in hand:
            aside = [game.card_int(c) for c in hand["set_aside"]]
        else:
            used = {c for h in dealt for c in h}
            aside = [c for c in range(len(game.ids)) if c not in used]
        return dealt, aside

    def pick(self, game: TrickGame[Any], hand_index: int, what: str, options: Sequence[Any]) -> Any:
        value = _get(self.hand(hand_index), what, f"hand {hand_index + 1}")
        if value not in options:
            raise RuleError(f"hand {hand_index + 1}: {what} {value!r} is not possible here")
        return value

    def order(self, game: TrickGame[Any], hand_index: int, what: str, items: list[int]) -> list[int]:
        return [game.card_int(c) for c in _get(self.hand(hand_index), what, f"hand {hand_index + 1}")]


class LoggedAgent:
    """One seat's plays, passes and gifts, read from the log."""

    KEYS = {"pass": "passed", "give": "given"}

    def __init__(self, seat: int, hands: list[dict[str, Any]], first: int = 0) -> None:
        self.seat = seat
        self.hands, self.first = hands, first

    def play(self, game: TrickGame[Any], st: HandState, legal: list[int]) -> int:
        where = f"hand {st.hand_index + 1}, trick {st.trick_index + 1}"
        tricks = _get(self.hands[st.hand_index - self.first], "tricks", where)
        trick = _get(tricks, st.trick_index, where)
        entry = _get(_get(trick, "plays", where), len(st.trick), where)
        seat = _get(entry, "seat", where)
        if seat != st.to_move:
            raise RuleError(f"{where}: the log has seat {seat} playing, but it is seat {st.to_move}'s turn")
        return game.play_int(Play(_get(entry, "card", where), bool(entry.get("down", False))))

    def choose_cards(self, game: TrickGame[Any], st: HandState, seat: int, count: int, purpose: str) -> list[int]:
        where = f"hand {st.hand_index + 1}"
        chosen = _get(_get(self.hands[st.hand_index - self.first], self.KEYS[purpose], where), seat, where)
        return [game.card_int(c) for c in chosen]

    def bid(self, game: TrickGame[Any], st: HandState, seat: int, allowed: list[int]) -> int:
        where = f"hand {st.hand_index + 1}"
        bid = _get(_get(self.hands[st.hand_index - self.first], "bids", where), seat, where)
        return bid if isinstance(bid, int) else -1


def _compare(where: str, what: str, rules: Any, logged: Any) -> None:
    if rules != logged:
        raise RuleError(f"{where}: {what} is {rules!r} by the rules, the log says {logged!r}")


def _compare_hand(game: TrickGame[Any], h: int, mine: dict[str, Any], theirs: dict[str, Any]) -> None:
    """Everything the rules decide in hand `h` but its points must be as logged."""
    for key in mine:
        if key not in ("dealt", "tricks", "hand_points", "totals"):
            _compare(f"hand {h}", key, mine[key], _get(theirs, key, f"hand {h}"))
    theirs_tricks = theirs["tricks"]
    if len(theirs_tricks) != len(mine["tricks"]):
        raise RuleError(f"hand {h}: the hand has {len(mine['tricks'])} tricks, the log {len(theirs_tricks)}")
    for t, (a, b) in enumerate(zip(mine["tricks"], theirs_tricks), 1):
        if len(_get(b, "plays", f"hand {h}, trick {t}")) != len(a["plays"]):
            raise RuleError(f"hand {h}, trick {t}: a trick has {game.players} plays")
        for key in ("leader", "winner", "field"):
            if key in a:
                _compare(f"hand {h}, trick {t}", key, a[key], _get(b, key, f"hand {h}, trick {t}"))


def check_game(game: TrickGame[Any], log: dict[str, Any]) -> GameRecord:
    """Replays `log` through `game`; returns the record or raises RuleError at the first disagreement."""
    hands = log["hands"]
    if not isinstance(hands, list):
        raise RuleError("hands must be a list")
    agents = [LoggedAgent(s, hands) for s in range(game.players)]
    rec = game.play_game(LoggedChance(hands), agents)
    if len(hands) > len(rec.hands):
        raise RuleError(f"the game ends after hand {len(rec.hands)} but the log goes on to hand {len(hands)}")
    expected = game.game_log(rec, log.get("seed", 0), log.get("game", 0))
    for h, (mine, theirs) in enumerate(zip(expected["hands"], hands), 1):
        _compare_hand(game, h, mine, theirs)
        for key in ("hand_points", "totals"):
            _compare(f"hand {h}", key, mine[key], _get(theirs, key, f"hand {h}"))
    _compare("game end", "winners", sorted(expected["winners"]), sorted(log["winners"]))
    return rec


def check_hand(game: TrickGame[Any], log: dict[str, Any], number: int) -> GameRecord:
    """Replays the one hand `log` holds as hand `number` of its game (a hand cut from a longer game).

    The totals before it are the logged totals less its points; a bust pool carried in from earlier
    hands is not in the log, so points that differ from the rules' by exactly such a pool (one seat, the
    single closest, gaining it) are accepted. The winners are checked when this hand ends the game."""
    theirs = log["hands"][0]
    where = f"hand {number}"
    points, totals = _get(theirs, "hand_points", where), _get(theirs, "totals", where)
    if len(points) != game.players or len(totals) != game.players:
        raise RuleError(f"{where}: hand_points and totals have one number per seat ({game.players})")
    before = [t - p for t, p in zip(totals, points)]
    if number == 1:
        _compare(where, "the total before the first hand", [game.start_points()] * game.players, before)
    _compare(where, "dealer", game.dealer(number - 1), _get(theirs, "dealer", where))
    earlier = [HandRecord(game.dealer(h), [], []) for h in range(number - 1)]  # stand-ins: their count matters
    rec = GameRecord(totals=before, hands=earlier)
    if game.game_over(rec):
        raise RuleError(f"{where}: the game is over before this hand (totals {before})")
    hand = game.play_hand(number - 1, rec, LoggedChance([theirs], number - 1),
                          [LoggedAgent(s, [theirs], number - 1) for s in range(game.players)])
    mine = game.hand_log(hand)
    _compare_hand(game, number, mine, theirs)
    if mine["hand_points"] != points:
        pool = max(t - m for t, m in zip(points, mine["hand_points"]))
        if number == 1 or pool <= 0 or game.points_with_pool(rec, number - 1, pool) != points:
            _compare(where, "hand_points", mine["hand_points"], points)
        hand.hand_points, hand.totals, rec.totals = list(points), list(totals), list(totals)
    if game.game_over(rec) and "winners" in log:
        _compare("game end", "winners", sorted(game.winners(rec)), sorted(log["winners"]))
    return GameRecord(totals=list(totals), hands=[hand])


def _logged_deck(deck_ref: str) -> Path:
    """The deck a log names: only a bundled deck id is opened on the log's word (a log may come from
    anyone); any other deck is given with `--deck`."""
    from .log import LogError

    try:
        return bundled_deck_file(deck_ref)
    except DeckError:
        raise LogError(f"the log names deck {deck_ref[:80]!r}, which is not a bundled deck; "
                       "give the deck with --deck") from None


class Replayer:
    """Checks logged games, loading each deck once (a log may name bundled ids or deck paths)."""

    def __init__(self, deck: Deck | None = None) -> None:
        self.deck = deck
        self._games: dict[tuple[str, int], TrickGame[Any]] = {}

    def game(self, log: dict[str, Any]) -> TrickGame[Any]:
        deck_ref, players = str(log["deck"]), log["players"]
        key = (deck_ref, players)
        if key not in self._games:
            deck = self.deck if self.deck is not None else load_deck(_logged_deck(deck_ref))
            if deck.ruleset != log["ruleset"]:
                raise RuleError(f"the log is {log['ruleset']!r} but deck {deck.id} plays {deck.ruleset!r}")
            if not isinstance(players, int):
                raise RuleError("players must be a number")
            self._games[key] = game_for(deck, players)
        return self._games[key]

    def check(self, log: dict[str, Any], label: str = "", hand: int | None = None) -> GameRecord:
        """Checks one game (shape first, then every step against the rules), or one hand of it: the
        line's own `hand`, a line of one hand and no winners (hand 1), or hand `hand` cut from the line."""
        return self.checked(log, label, hand)[1]

    def checked(self, log: dict[str, Any], label: str = "",
                hand: int | None = None) -> tuple[dict[str, Any], GameRecord]:
        """(the log as checked: the one hand when a hand is asked for, the record)."""
        from .log import validate_game

        log = validate_game(log, label)
        try:
            log = single_hand(log, hand)
            number = log.get("hand")
            game = self.game(log)
            return log, (check_game(game, log) if number is None else check_hand(game, log, number))
        except RuleError as exc:
            raise RuleError(f"{label}{exc}") from None


def single_hand(log: dict[str, Any], hand: int | None) -> dict[str, Any]:
    """The log to check: hand `hand` alone when asked (cut from a whole game, or the line's one hand), a
    line of one hand without winners as hand 1 of its game, else the log as it is."""
    number, hands = log.get("hand"), log["hands"]
    if hand is None:
        return {**log, "hand": 1} if number is None and "winners" not in log and len(hands) == 1 else log
    if hand < 1:
        raise RuleError("--hand counts from 1")
    if number is not None:
        if number != hand:
            raise RuleError(f"the line holds hand {number}, not hand {hand}")
        return log
    if len(hands) > 1 or "winners" in log:
        if hand > len(hands):
            raise RuleError(f"the log holds {len(hands)} hand{'s' if len(hands) != 1 else ''}; no hand {hand}")
        return {**log, "hands": [hands[hand - 1]], "hand": hand}
    return {**log, "hand": hand}


# ---------------------------------------------------------------- the readable display


def _card_text(game: TrickGame[Any], card: str, down: bool) -> Text:
    deck = game.deck
    suit = deck.spec.suits.get(deck.card(card).suit or "") if card in game.index else None
    colour = suit.color if suit is not None else None
    text = Text(card, style=f"bold {colour}" if colour else "bold")
    if down:
        text.append(" ▼", style="dim")
    return text


def hand_summary(game: TrickGame[Any], rec: HandRecord) -> str:
    """What decided the hand's points, in the game's own words (games/capabilities.py `Simulation.hand_summary`)."""
    return simulation_of(game.deck).hand_summary(rec)


def render_game(game: TrickGame[Any], log: dict[str, Any], console: Console, record: GameRecord | None = None) -> None:
    """Prints a logged game trick by trick (cards in their suit colours on a terminal)."""
    head = f"{log['ruleset']} · deck {log['deck']} · {log['players']} players"
    if "seed" in log:
        head += f" · seed {log['seed']}" + (f" game {log['game']}" if "game" in log else "")
    console.print(Text(head, style="bold underline"))
    if log.get("agents"):
        console.print("seats: " + ", ".join(f"{s}={a}" for s, a in enumerate(log["agents"])))
    first = log.get("hand", 1)
    for h, hand in enumerate(log["hands"], first):
        console.print()
        line = Text(f"Hand {h}", style="bold")
        line.append(f"  dealer seat {hand['dealer']}")
        for key, label in (("point_suit", "point suit"), ("trump", "trump")):
            if key in hand:
                line.append(f"  {label} {hand[key]}")
        if "pass_offset" in hand:
            line.append(f"  pass {hand['pass_offset']:+d}")
        if "bids" in hand:
            line.append(f"  bids {hand['bids']}")
        console.print(line)
        for t, trick in enumerate(hand["tricks"], 1):
            row = Text(f"  {t:>2}. ")
            if "field" in trick:
                row.append(f"[{trick['field']}] ", style=game.deck.spec.suits[trick["field"]].color
                           if trick["field"] in game.deck.spec.suits else None)
            for i, play in enumerate(trick["plays"]):
                if i:
                    row.append("  ")
                row.append(f"s{play['seat']} ", style="dim")
                row.append_text(_card_text(game, play["card"], play.get("down", False)))
            row.append(f"  → seat {trick['winner']}", style="bold")
            console.print(row)
        summary = hand_summary(game, record.hands[h - first]) if record is not None else ""
        console.print(f"  {summary + '  ' if summary else ''}points {hand['hand_points']}  totals {hand['totals']}")
    console.print()
    if "hand" in log:
        console.print(Text(f"Hand {first} checked alone, as hand {first} of its game", style="bold"))
        return
    winners = log["winners"]
    console.print(Text(f"Winner{'s' if len(winners) > 1 else ''}: seat {', '.join(map(str, winners))}",
                       style="bold green"))


def replay_file(path: Path, game_number: int | None, deck: Deck | None, console: Console,
                hand: int | None = None) -> int:
    """Checks every game in the file (or only hand `hand` of each, alone) and shows game `game_number`
    (0-based line order); returns the count."""
    from .log import iter_log

    replayer = Replayer(deck)
    count, shown = 0, False
    for line, log in iter_log(path):
        checked, record = replayer.checked(log, f"{path}:{line}: ", hand)
        if game_number is not None and count == game_number:
            render_game(replayer.game(checked), checked, console, record)
            shown = True
        count += 1
    if game_number is not None and not shown:
        raise CardforgeError(f"{path}: no game {game_number}; the log holds {count} (numbered from 0)")
    return count
