"""The designer's loop: a 54-card art deck (no players, no rules) through the whole `cardforge` process.

Times `cardforge build DECK --only cards` and the same deck built without `--only`, each as a fresh
process (start-up and imports included), best of five runs, onto A4 long-edge duplex sheets. For
comparison it also times the same images as a deck that declares `players: [2]`, built without
`--only`: that is what an image deck had to be before art decks, and its build runs the check
(every face rendered) and writes the report.
The deck is generated into a temporary folder: 54 fronts and 54 backs, PNG 815x1110 px, drawn by
bench_build.make_image. Prints figures only. Run: python benchmarks/bench_art_deck.py [--cartuli-python PY] [--turns N]

In the same run it times cartuli (a print-and-play sheet maker on PyPI) on the same images, A4:
cartuli needs OpenCV, so install it into a venv of its own
(`python3 -m venv /tmp/cartuli && /tmp/cartuli/bin/pip install cartuli`) and pass that interpreter
with --cartuli-python (or set CARTULI_PYTHON); without it the line says cartuli was not found.
Target: `build --only cards` at least 20 times faster than cartuli.

The two programs take turns, one run each, REPEAT times, so both are timed over the same half minute.
A shared machine has slow spells of a second or more, and a start-up-bound run of a quarter second
loses more in one (relatively) than an image-bound run of six: timed back to back in two separate
blocks, the ratio depended on which block a spell fell in (16x to 27x on one idle machine in one
hour). Alongside the best runs' ratio it prints the median of the turn-by-turn ratios (`--turns N`
for more than REPEAT: on one idle machine the median of 5 turns ranged from 19.8x to 23.3x between runs).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_build import IMAGE_CARDS, make_image  # noqa: E402

REPEAT = 5
"""Best of this many runs: the machine is shared, the minimum is the least noisy figure."""
CARDFORGE = Path(sys.executable).parent / "cardforge"
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
"""As a user runs it: Python may cache compiled modules (a shell with PYTHONDONTWRITEBYTECODE set would
otherwise recompile cardforge's own modules on every start, about 0.25 s)."""


def art_deck(folder: Path) -> Path:
    """An art deck: image fronts and backs, no `players`, no rules, no rules text."""
    (folder / "fronts").mkdir(parents=True)
    (folder / "backs").mkdir()
    for i in range(IMAGE_CARDS):
        make_image(i, False).save(folder / "fronts" / f"card-{i:02d}.png")
        make_image(i, True).save(folder / "backs" / f"card-{i:02d}.png")
    (folder / "deck.yaml").write_text(textwrap.dedent("""
        id: bench-art
        title: Art bench
        card: {width: 63, height: 88, bleed: 3}
        cards:
          - images: {fronts: fronts/, backs: backs/}
    """).lstrip(), encoding="utf-8")
    return folder


def with_players(folder: Path) -> Path:
    """The same images as a deck with a player count (so the check runs and a report is written)."""
    played = folder.parent / "played"
    played.mkdir()
    text = (folder / "deck.yaml").read_text(encoding="utf-8").replace("id: bench-art", "id: bench-played")
    (played / "deck.yaml").write_text(text + "players: [2]\n", encoding="utf-8")
    shutil.copytree(folder / "fronts", played / "fronts")  # a link would lead outside the deck: refused
    shutil.copytree(folder / "backs", played / "backs")
    return played


def timed(command: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run of COMMAND, which must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=ENV)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def best_of(args: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of the fastest of REPEAT runs of `cardforge ARGS` (each must succeed).

    CPU time (user + system of the child) is printed beside wall time because the machine is shared:
    when other jobs hold the cores, wall time grows but CPU time stays close to the work done."""
    timed([str(CARDFORGE), *args])  # warm-up: caches
    return min(timed([str(CARDFORGE), *args]) for _ in range(REPEAT))


CARTULIFILE = """decks:
  art:
    size: (63*mm, 88*mm)
    front: {images: fronts/*.png, bleed: 3*mm}
    back: {images: backs/*.png, bleed: 3*mm}
outputs:
  sheet: {size: A4}
"""
CARTULI_RUN = (
    "import os, sys\n"
    "from pathlib import Path\n"
    "from cartuli.definition import Definition\n"
    "from cartuli.output import sheet_pdf_output\n"
    "os.chdir(sys.argv[1])\n"
    "definition = Definition.from_file('Cartulifile.yml')\n"
    "Path('sheets').mkdir(exist_ok=True)\n"
    "for names, sheet in definition.sheets.items():\n"
    "    sheet_pdf_output(sheet, Path('sheets') / ('_'.join(names) + '.pdf'))\n"
)
"""cartuli's own command does the same, then fails at exit in its image tracer (carpeta 0.1.0a2)."""


def cartuli_python(given: str | None) -> str | None:
    """An interpreter that can import cartuli: --cartuli-python, $CARTULI_PYTHON, or this one."""
    for candidate in (given, os.environ.get("CARTULI_PYTHON"), sys.executable):
        if candidate and subprocess.run([candidate, "-c", "import cartuli"], capture_output=True).returncode == 0:
            return candidate
    return None


def turns(ours: list[str], python: str, deck: Path,
          count: int = REPEAT) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """`count` runs each of `cardforge OURS` and of cartuli on the art deck's images (A4, 3 mm bleed),
    taking turns (after a warm-up of each): their (wall, CPU) in run order, ours first."""
    (deck / "Cartulifile.yml").write_text(CARTULIFILE, encoding="utf-8")
    theirs = [python, "-c", CARTULI_RUN, str(deck)]
    command = [str(CARDFORGE), *ours]
    timed(command)
    timed(theirs)
    pairs = [(timed(command), timed(theirs)) for _ in range(count)]
    return [pair[0] for pair in pairs], [pair[1] for pair in pairs]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cartuli-python", help="a Python interpreter that has cartuli installed")
    parser.add_argument("--turns", type=int, default=REPEAT,
                        help=f"turns of cardforge and cartuli (default {REPEAT}; more narrow the median's spread)")
    args = parser.parse_args()
    cartuli = cartuli_python(args.cartuli_python)
    with tempfile.TemporaryDirectory() as tmp:
        deck = art_deck(Path(tmp) / "art")
        out = Path(tmp) / "out"
        common = ["build", str(deck), "-o", str(out), "--paper", "a4", "--duplex", "long"]
        if cartuli:
            ours, theirs = turns([*common, "--only", "cards"], cartuli, deck, max(args.turns, 1))
            only, other = min(ours), min(theirs)
        else:
            only, other = best_of([*common, "--only", "cards"]), None
        full = best_of(common)
        played = best_of(["build", str(with_players(deck)), "-o", str(out), "--paper", "a4", "--duplex", "long"])
        startup = best_of(["--version"])
        size = (out / "bench-art" / "bench-art-cards.pdf").stat().st_size
    print(f"art deck, {IMAGE_CARDS} image cards (815x1110 PNG fronts and backs), A4 long-edge duplex, "
          f"best of {REPEAT} fresh processes (wall / CPU):")
    best = f"best of {len(ours)} turns" if other is not None else f"best of {REPEAT}"
    print(f"  cardforge build --only cards   {only[0]:6.3f} s / {only[1]:.3f} s   ({best}; target: 20x faster than "
          "cartuli)")
    print(f"  cardforge build (no --only)    {full[0]:6.3f} s / {full[1]:.3f} s   "
          "(an art deck has no booklet or report to make)")
    print(f"  same images, players: [2]      {played[0]:6.3f} s / {played[1]:.3f} s   "
          "(no --only: check of every face, report)")
    print(f"  cardforge --version            {startup[0]:6.3f} s / {startup[1]:.3f} s   (bare start-up)")
    print(f"  cards PDF                      {size / 1e6:6.1f} MB")
    if other is None:
        print("  cartuli                        not found (see this file's docstring: --cartuli-python)")
    else:
        ratios = sorted(pair[0] / mine[0] for mine, pair in zip(ours, theirs))
        print(f"  cartuli, same images, A4       {other[0]:6.3f} s / {other[1]:.3f} s   "
              f"(--only cards is {other[0] / only[0]:.1f}x faster by wall time, {other[1] / only[1]:.1f}x by CPU; "
              "target 20x)")
        print(f"  turn by turn, by wall time     {ratios[0]:.1f}x to {ratios[-1]:.1f}x, median "
              f"{statistics.median(ratios):.1f}x   ({len(ratios)} turns, each program once per turn)")

if __name__ == "__main__":
    main()
