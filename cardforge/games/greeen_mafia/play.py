"""An interactive terminal game for playtesting a mission; reads moves from a text stream.

Each turn shows the front cards, KEEP with its icons and what every legal move would do, so a
designer can feel the mission. `h` asks the solver for a hint, `q` gives up. Plain text output keeps
it scriptable: tests feed moves on stdin and read the transcript.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from ...errors import RuleError
from .engine import Game, Move
from .hints import Hinter
from .kernel import Kernel
from .mission import Mission, MissionCard
from .search import Search

Echo = Callable[[str], None]


def choose_order(mission: Mission, order: Sequence[str] | None, seed: int | None) -> tuple[str, ...]:
    """The facility order to play: as given, or shuffled with `seed` (refused if not a permutation)."""
    if order:
        Game(mission, order)  # validates
        return tuple(order)
    ids = [c.id for c in mission.facilities]
    random.Random(seed).shuffle(ids)
    return tuple(ids)


def describe_card(mission: Mission, card: MissionCard) -> str:
    need = "free" if card.condition.free else f"needs {mission.condition_text(card.condition)}"
    return f"{card.id} {card.name} ({need}, keeps {mission.icons_text(card.damage)})"


def describe_keep(game: Game) -> str:
    if not game.keep:
        return "KEEP: empty"
    parts = [f"{c}[{game.mission.icons_text(game.card(c).damage)}]" for c in game.keep]
    return f"KEEP (oldest first, limit {game.mission.keep_limit}): " + " ".join(parts)


def describe_move(game: Game, move: Move) -> str:
    """What a move would do, worked out by playing it on a copy."""
    trial = game.copy()
    events = trial.play(move)
    return "; ".join(events) + f"  -> {describe_keep(trial)}"


def show_turn(game: Game, echo: Echo) -> None:
    mission = game.mission
    ahead = len(game.pile)
    echo(f"\nround {game.round}, {ahead} facilit{'y' if ahead == 1 else 'ies'} before objective "
         f"{'I' if game.round == 1 else 'II'}")
    for slot, card in enumerate(game.front()):
        echo(f"  {slot + 1}: {describe_card(mission, card)}")
    if ahead == 1:
        echo("  (the second card is the objective: only the first may be killed)")
    echo(f"  {describe_keep(game)}")
    for move in game.legal_moves():
        echo(f"  [{move}] {describe_move(game, move)}")


def show_hint(hinter: Hinter, game: Game, echo: Echo) -> None:
    values = hinter.values(game)
    best = hinter.best(game)
    detail = ", ".join(f"{v.move}: {v.lines} winning line{'s' if v.lines != 1 else ''}" for v in values)
    if best is None:
        echo(f"  hint: no move can win any more ({detail})")
    else:
        echo(f"  hint: play {best.move} ({detail})")


def play(mission: Mission, order: Sequence[str], lines: Iterable[str], echo: Echo, hint: bool = False,
         prompt: Callable[[], None] | None = None) -> Game:
    """Run one game reading a move per line from `lines`; returns the game when it ends or input runs out.

    `prompt` is called before each read (the CLI shows `move> ` when a person is typing)."""
    game = Game(mission, order)
    hinter: Hinter | None = None
    echo(f"GREEEN MAFIA, mission {mission.name}; order: {' '.join(order)}")
    echo("moves: 1 or 2 kills the first or second card, add k to keep it (1k); h = hint, q = give up")
    stream = iter(lines)
    while not game.over:
        show_turn(game, echo)
        if hint:
            hinter = hinter or Hinter(Search(Kernel(mission)))
            show_hint(hinter, game, echo)
        while True:
            if prompt is not None:
                prompt()
            text = next(stream, None)
            if text is None:
                echo("\nno more input; game left unfinished")
                return game
            text = text.strip()
            if text.lower() in ("q", "quit"):
                echo("\ngave up")
                return game
            if text.lower() in ("h", "hint", "?"):
                hinter = hinter or Hinter(Search(Kernel(mission)))
                show_hint(hinter, game, echo)
                continue
            if not text:
                continue
            try:
                for event in game.play(text):
                    echo(f"  > {event}")
                break
            except RuleError as exc:
                echo(f"  ! {exc}")
    echo(f"\n{'YOU WIN' if game.won else 'YOU LOSE'} after {len(game.history)} kills: "
         + " ".join(map(str, game.history)))
    return game

