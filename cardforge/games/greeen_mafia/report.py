"""An Analysis as terminal text (rich tables): what `cardforge mafia analyse` prints."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from ...terminal import styled
from .mission import Mission
from .solver import Analysis

SHOWN_UNWINNABLE = 12


def mission_table(mission: Mission) -> Table:
    """The mission's card list as the designer wrote it."""
    table = Table(title=f"Mission {mission.name}: KEEP limit {mission.keep_limit}, "
                  f"keeping {'optional' if mission.keep_optional else 'mandatory'}")
    for column in ("card", "name", "condition", "damage kept"):
        table.add_column(column)
    for card in mission.cards:
        damage = "(victory)" if card is mission.objective_two else mission.icons_text(card.damage)
        table.add_row(card.id, card.name, mission.condition_text(card.condition), damage)
    return table


def print_analysis(analysis: Analysis, console: Console | None = None) -> None:
    console = console or Console()
    a = analysis
    console.print(mission_table(a.mission))
    console.print(f"orders: {a.orders:,}   winnable with perfect play: {a.winnable:,} "
                  f"({a.winnable_fraction:.2%})")
    console.print(f"random player wins: {a.random_win:.4%}   greedy player wins: {a.greedy_win:.2%} "
                  f"({a.greedy_wins:,} orders)")
    colour = {"unwinnable": "red", "trivial": "yellow"}.get(a.verdict, "green")
    console.print(styled("verdict: [bold {colour}]{verdict}[/]   grade: [bold]{grade}[/]   ({seconds})",
                         colour=colour, verdict=a.verdict, grade=a.grade, seconds=f"{a.seconds:.2f} s"))
    unwinnable = a.unwinnable_orders
    if unwinnable:
        shown = ", ".join(" ".join(o) for o in unwinnable[:SHOWN_UNWINNABLE])
        more = f" ... and {len(unwinnable) - SHOWN_UNWINNABLE:,} more (see --json)" if len(unwinnable) > SHOWN_UNWINNABLE else ""
        console.print(f"unwinnable orders ({len(unwinnable):,}): {shown}{more}")
    if a.hardest:
        table = Table(title="Hardest winnable orders (fewest winning lines)")
        for column in ("order", "winning lines", "a winning line", "forced / decisions"):
            table.add_column(column)
        for line in a.hardest:
            table.add_row(" ".join(line.order), str(line.lines), " ".join(map(str, line.moves)),
                          f"{line.forced} / {line.decisions}")
        console.print(table)
        console.print("moves: 1 or 2 = kill the first or second card, k = keep its damage")
