"""Inputs that cost work: each ends in seconds, in one short line, under a memory bound (docs/security.md).

tests/hostile_work.py writes every case at run time (a 45 MB cell, a million repeated rows, 120,000
headings...) and runs its command in a process of its own, measured by a small wrapper. For every
case: the exit code it must have (never 70, "a bug in cardforge"), no traceback, exactly one error
line of at most terminal.LINE_WIDTH characters naming what was refused, and a peak resident memory
under 1.5 GB. The time limit is a bound on a hang on a loaded CI machine, not a speed assertion
(benchmarks/bench_security.py prints the figures).

The last two tests show that memory does not grow with the number of cards: the same deck built
with every image product at 20 and at 120 cards, and a preview of 1,000 large cards.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hostile_work import CASES, Case, big_deck, run_case, run_measured, run_preview

from cardforge.terminal import LINE_WIDTH, counted_length

MAX_RSS_MB = 1536
TIMEOUT_S = 240
INTERNAL_ERROR = 70
PROGRESS = re.compile(r"^\[\s*[\d.]+s\] ")


def error_lines(stderr: str) -> list[str]:
    """What stderr says beyond the progress lines (cardforge/cli/progress.py)."""
    return [line for line in stderr.strip().splitlines() if line and not PROGRESS.match(line)]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_hostile_input_is_bounded_and_ends_in_one_line(case: Case, tmp_path: Path) -> None:
    outcome = run_case(case, tmp_path, TIMEOUT_S)
    everything = outcome.stdout + outcome.stderr
    assert outcome.code is not None, f"still running after {TIMEOUT_S} s: {outcome.stderr[-500:]}"
    assert outcome.code != INTERNAL_ERROR, f"input must never be reported as a bug: {outcome.stderr[-500:]}"
    assert outcome.code == case.code, everything[-1000:]
    assert "Traceback" not in everything
    lines = error_lines(outcome.stderr)
    if case.code == 2:
        assert len(lines) == 1, lines
        assert counted_length(lines[0]) <= LINE_WIDTH, f"{len(lines[0])} characters"  # the file's path aside
        assert case.expect in lines[0], lines[0]
    else:
        assert case.expect in outcome.stdout, outcome.stdout[-500:]
    assert "\x1b" not in everything
    assert outcome.rss_mb < MAX_RSS_MB, f"peak {outcome.rss_mb:.0f} MB"


@pytest.mark.slow  # hundreds of tarot faces rasterised (README)
def test_image_products_take_no_more_memory_for_more_cards(tmp_path: Path) -> None:
    """Faces are rasterised, written and released a batch at a time (render/png.py `iter_faces`): the
    PNGs, print-shop files, contact sheet and cut bands of 120 tarot cards cost about what 20 cost
    (holding every face took about 2 MB more per card at print resolution)."""
    peaks = {}
    for cards in (20, 120):
        deck = big_deck(tmp_path / str(cards), cards)
        args = ["build", str(deck), "-o", str(tmp_path / f"out-{cards}"), "--only", "cards", "--png",
                "--print-shop", "generic"]
        outcome = run_measured(args, tmp_path, TIMEOUT_S)
        assert outcome.code == 0, outcome.stderr[-1000:]
        peaks[cards] = outcome.rss_mb
    assert len(list((tmp_path / "out-120" / "big" / "print-shop" / "generic").glob("*.png"))) == 240
    assert peaks[120] - peaks[20] < 100, peaks


@pytest.mark.slow  # a thousand large faces previewed (README)
def test_a_preview_of_a_thousand_large_cards_stays_small(tmp_path: Path) -> None:
    """Every face of the page is drawn, checked and shown (the page says "up to date") within a few
    hundred MB; holding every face and sheet page took 1.4 GB."""
    outcome = run_preview(big_deck(tmp_path, 1000), TIMEOUT_S * 2)
    assert "up to date" in outcome.stdout and outcome.stdout.count("<figure") >= 1000, outcome.stderr[-1000:]
    assert "Traceback" not in outcome.stderr
    assert outcome.rss_mb < 500, f"peak {outcome.rss_mb:.0f} MB"
