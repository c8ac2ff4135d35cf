"""`cardforge --help`, `list` and `show` stay light: they never import WeasyPrint, the simulator or the
report code; an art deck's `build --only cards` loads only what places its pictures (the start-up time is
measured in benchmarks/bench_startup.py, the art deck's build in benchmarks/bench_art_deck.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_art_deck import art_deck

HEAVY = ("weasyprint", "cardforge.sim.run", "cardforge.report.pdf", "cardforge.report.charts",
         "cardforge.booklet.compose", "numba", "dask")

PROBE = """
import json, sys
from click.testing import CliRunner
from cardforge.cli import main
result = CliRunner().invoke(main, {args!r})
print(json.dumps({{"code": result.exit_code, "modules": sorted(sys.modules)}}))
"""


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["list"], ["show", "fives"], ["show", "greeen-mafia"],
                                  ["build", "--help"], ["check", "--help"]])
def test_light_commands_do_not_load_heavy_modules(args: list[str]) -> None:
    out = subprocess.run([sys.executable, "-c", PROBE.format(args=args)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert data["code"] == 0
    loaded = [name for name in HEAVY if name in data["modules"]]
    assert loaded == [], f"{' '.join(args)} imported {loaded}"


ART_CARDS_NEED_NONE_OF = ("rich", "cardforge.games", "cardforge.templating", "cardforge.press", "reportlab.graphics",
                          "numba", "numpy", "weasyprint", "coloraide", "jinja2", "pypdfium2")
"""A picture face is placed as it is: no game, template, drawing, raster or colour library is needed
(benchmarks/bench_art_deck.py times this command against the target)."""


def test_an_art_deck_s_card_sheets_load_only_what_they_place(tmp_path: Path) -> None:
    deck = art_deck(tmp_path / "art", cards=2)
    args = ["build", str(deck), "-o", str(tmp_path / "out"), "--only", "cards"]
    out = subprocess.run([sys.executable, "-c", PROBE.format(args=args)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert data["code"] == 0
    assert (tmp_path / "out" / "art-only" / "art-only-cards.pdf").is_file()
    loaded = [name for name in ART_CARDS_NEED_NONE_OF if name in data["modules"]]
    assert loaded == [], f"an art deck's card sheets imported {loaded}"


COLLECTOR_PROBE = """
import gc, io, json
from click.testing import CliRunner
from cardforge import artifacts, collector
seen = {{}}
release = collector.release
def released():
    if not gc.isenabled():
        seen["open for writing"] = [repr(o) for o in gc.get_objects() if type(o) is io.FileIO and not o.closed
                                    and o.writable() and o.fileno() > 2]
    release()
collector.release = released
from cardforge.cli import main
load_build = artifacts.load_build
def watched(*args, **kwargs):
    seen["on while loading"] = gc.isenabled()
    return load_build(*args, **kwargs)
artifacts.load_build = watched
collector.hold()
result = CliRunner().invoke(main, {args!r})
print(json.dumps({{"code": result.exit_code, "on": gc.isenabled(), "frozen": gc.get_freeze_count(), **seen}}))
"""


@pytest.mark.parametrize("command", ["list", "build"])
def test_the_cycle_collector_is_held_while_a_command_starts_and_on_for_its_work(tmp_path: Path, command: str) -> None:
    """cardforge/collector.py: off from the start (as __main__.py runs it) until the command is loaded, or
    for `build` until a deck's build starts (the decks load with it off); then what start-up made is
    frozen and the collector is on again. No file is left open for writing by then: the exit's check for
    one (__main__.py `_exit_now`) does not look at frozen objects."""
    args = ["list"] if command == "list" else ["build", str(art_deck(tmp_path / "art", cards=2)), "-o",
                                               str(tmp_path / "out"), "--only", "cards"]
    out = subprocess.run([sys.executable, "-c", COLLECTOR_PROBE.format(args=args)], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert data["code"] == 0 and data["on"] is True and data["frozen"] > 10_000
    assert data["open for writing"] == []
    if command == "build":
        assert data["on while loading"] is False


def test_the_collector_is_left_alone_in_a_process_that_did_not_hold_it() -> None:
    import gc

    from cardforge import collector

    gc.disable()  # as a library caller might
    try:
        collector.release()
        assert not gc.isenabled() and gc.get_freeze_count() == 0
    finally:
        gc.enable()


CODE_PROBE = """
from __future__ import annotations
import dataclasses, json, sys, typing
from pathlib import Path
from cardforge import codecache
if sys.argv[1] != "plain":
    codecache.install(lambda: Path(sys.argv[1]))
    codecache.start()

@dataclasses.dataclass(frozen=True)
class Point:
    x: int
    tags: list[str] = dataclasses.field(default_factory=list)

ref = typing.ForwardRef("dict[str, int]")
try:
    Point(1).x = 2
    frozen = False
except dataclasses.FrozenInstanceError:
    frozen = True
codes = [Point.__init__, Point.__eq__, Point.__hash__, Point.__setattr__, Point.__repr__]
print(json.dumps({"added": codecache._added, "kept": len(codecache._codes), "frozen": frozen,
                  "same": Point(1) == Point(1, []), "repr": repr(Point(2, ["a"])),
                  "annotations": repr(Point.__init__.__annotations__),
                  "code": [f.__code__.co_code.hex() + repr(f.__code__.co_consts) for f in codes],
                  "ref": [ref.__forward_code__.co_code.hex(), repr(ref.__forward_code__.co_names)]}))
codecache.save()
"""


def test_code_libraries_generate_is_compiled_once_and_the_same(tmp_path: Path) -> None:
    """cardforge/codecache.py: dataclasses' methods and typing's forward references are compiled once
    (kept in the cache folder) and are the code the built-ins make, whatever the caller's __future__
    flags."""

    def probe(where: str) -> dict:
        out = subprocess.run([sys.executable, "-c", CODE_PROBE, where], capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout)

    plain, first, second = probe("plain"), probe(str(tmp_path)), probe(str(tmp_path))
    assert first["added"] > 0 and second["added"] == 0 and second["kept"] >= first["added"]
    for run in (first, second):
        assert {key: run[key] for key in ("frozen", "same", "repr", "annotations", "code", "ref")} == \
               {key: plain[key] for key in ("frozen", "same", "repr", "annotations", "code", "ref")}
    assert plain["frozen"] and plain["same"] and plain["annotations"] == "{'x': 'int', 'tags': 'list[str]', 'return': None}"
