"""The hostile-deck corpus (tests/hostile/, one small deck per attack class; docs/security.md).

Each deck is copied into a fresh folder beside an `outside/` folder of canaries: a picture, a text
file and a deck carrying marker strings, a FIFO and (when the machine allows mknod) a character
device. The command runs in its own process under a small wrapper that reports the process tree's
peak memory. For every case: exit 1 or 2, at most one line on stderr (exactly one for exit 2), no
traceback, peak memory under a few hundred MB, no marker string in anything printed or written, no
open of anything in `outside/` (watched with inotify), and the FIFO and device still what they were.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import os
import re
import shutil
import stat
import struct
import subprocess
import sys
import textwrap
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from cardforge.terminal import LINE_WIDTH, counted_length

CORPUS = Path(__file__).parent / "hostile"
MARKER = "CANARY-7Q4Z"
MAX_RSS_MB = 400
TIMEOUT_S = 120  # a generous bound on a run that must not hang, not a speed assertion

_WRAPPER = textwrap.dedent("""
    import json, resource, subprocess, sys
    done = subprocess.run(sys.argv[1:], capture_output=True, text=True, timeout=float(TIMEOUT))
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(json.dumps({"code": done.returncode, "stdout": done.stdout, "stderr": done.stderr, "rss_kb": peak}))
""").replace("TIMEOUT", str(TIMEOUT_S))


# ---------------------------------------------------------------- canaries


class OpenWatch:
    """inotify on a folder: did anything open or read a file in it?"""

    IN_ACCESS, IN_OPEN, IN_NONBLOCK = 0x1, 0x20, 0o4000

    def __init__(self, folder: Path) -> None:
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
        self.fd = self.libc.inotify_init1(self.IN_NONBLOCK)
        if self.fd < 0:
            pytest.skip("inotify is not available")
        if self.libc.inotify_add_watch(self.fd, str(folder).encode(), self.IN_ACCESS | self.IN_OPEN) < 0:
            pytest.skip("cannot watch the canary folder")

    def events(self) -> list[str]:
        names: list[str] = []
        try:
            data = os.read(self.fd, 65536)
        except BlockingIOError:
            data = b""
        pos = 0
        while pos + 16 <= len(data):
            _wd, mask, _cookie, length = struct.unpack_from("iIII", data, pos)
            name = data[pos + 16:pos + 16 + length].rstrip(b"\0").decode()
            names.append(f"{name or '<folder>'} ({mask:#x})")
            pos += 16 + length
        return names

    def close(self) -> None:
        os.close(self.fd)

PROGRESS = re.compile(r"^\[\s*[\d.]+s\] ")
"""A progress line off a terminal (cardforge/cli/progress.py): one per step, not an error."""


def error_lines(stderr: str) -> list[str]:
    """What stderr says beyond the progress lines: the one-line error, if any."""
    return [line for line in stderr.strip().splitlines() if line and not PROGRESS.match(line)]


def make_outside(root: Path) -> Path:
    outside = root / "outside"
    outside.mkdir()
    Image.new("RGB", (8, 8), (250, 7, 131)).save(outside / "secret.png")
    (outside / "secret.md").write_text(f"## {MARKER}\n\n{MARKER} text from outside\n", encoding="utf-8")
    (outside / "deck.yaml").write_text(f"id: outside\ntitle: {MARKER}\nplayers: [2]\ncards: [{{id: a}}]\n",
                                       encoding="utf-8")
    os.mkfifo(outside / "fifo")
    try:
        os.mknod(outside / "null", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, OSError):
        pass
    return outside


def specials_intact(outside: Path) -> None:
    assert stat.S_ISFIFO(os.lstat(outside / "fifo").st_mode)
    if os.path.lexists(outside / "null"):
        assert stat.S_ISCHR(os.lstat(outside / "null").st_mode)


# ---------------------------------------------------------------- pieces a case adds at run time


def png_claiming(width: int, height: int, data: bytes) -> bytes:
    """A PNG whose IHDR says width x height 8-bit RGB, followed by `data` as its only IDAT."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def back_png(deck: Path) -> None:
    Image.new("RGB", (64, 90), (30, 60, 90)).save(deck / "back.png")


def add_image_link(deck: Path) -> None:
    back_png(deck)
    (deck / "art").mkdir()
    (deck / "art" / "x.png").symlink_to(Path("..") / ".." / "outside" / "secret.png")
    (deck / "art" / "y.png").symlink_to(Path("..") / ".." / "outside" / "fifo")


def add_extends_link(deck: Path) -> None:
    (deck / "base").symlink_to(Path("..") / "outside")


def add_rules_link(deck: Path) -> None:
    (deck / "notes.md").symlink_to(Path("..") / "outside" / "secret.md")


def add_svg(deck: Path) -> None:
    secret = (deck.parent / "outside" / "secret.png").as_uri()
    (deck / "pic.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">'
        f'<image xlink:href="{secret}" width="10" height="10"/></svg>', encoding="utf-8")


def add_huge_rules(deck: Path) -> None:
    with open(deck / "rules.md", "wb") as handle:
        handle.truncate(90 * 1024 * 1024)


def add_pixel_bomb(deck: Path) -> None:
    back_png(deck)
    (deck / "a.png").write_bytes(png_claiming(100_000, 100_000, zlib.compress(b"\0" * 1000)))


def add_layout_pixel_bomb(deck: Path) -> None:
    (deck / "a.png").write_bytes(png_claiming(100_000, 100_000, zlib.compress(b"\0" * 1000)))


def add_layout_over_budget(deck: Path) -> None:
    Image.new("L", (12_000, 12_000), 0).save(deck / "a.png")


def add_lying_header(deck: Path) -> None:
    back_png(deck)
    (deck / "a.png").write_bytes(png_claiming(64, 64, zlib.compress(b"\0" * 100)))


def add_rules_md(deck: Path) -> None:
    if not (deck / "rules.md").exists():
        (deck / "rules.md").write_text("## Rules\n\nPlay a card.\n", encoding="utf-8")


def add_replay_log(deck: Path) -> None:
    game = {"ruleset": "fives", "deck": "../outside/deck.yaml", "players": 2, "hands": [], "winners": [0]}
    (deck / "games.jsonl").write_text(json.dumps(game) + "\n", encoding="utf-8")


BUILD = ["build", "{deck}", "-o", "{out}", "--games", "5", "--jobs", "1"]
CHECK = ["check", "{deck}", "--games", "5", "--jobs", "1"]

CASES: dict[str, tuple[list[str], Callable[[Path], None] | None, str]] = {
    "image-link-outside": (BUILD, add_image_link, "outside the deck's folder"),
    "extends-climbs-out": (CHECK, None, "outside the deck's folder"),
    "extends-link-outside": (CHECK, add_extends_link, "outside the deck's folder"),
    "rules-text-link-outside": (BUILD, add_rules_link, "outside the deck's folder"),
    "rules-svg-fetches-outside": (BUILD, add_svg, "outside the deck's folder"),
    "rank-range-bomb": (CHECK, None, "at most 10,000 cards"),
    "card-text-format-width": (CHECK, None, "format width above"),
    "card-text-reads-files": (CHECK, None, "'parse_file' of 'DeckSpec'"),
    "card-text-recursion": (CHECK, None, "longer than 1,000,000 characters"),
    "many-heavy-faces": (CHECK, None, "over 2,000,000 steps in the whole deck"),
    "rules-text-nested-loops": (BUILD, None, "over 50,000 loop turns and calls"),
    "rules-text-lipsum": (BUILD, None, "'lipsum' is not defined"),
    "rules-text-huge": (BUILD, add_huge_rules, "larger than"),
    "endless-game": (["check", "{deck}", "--games", "5", "--jobs", "2"], None, "did not end within 3 hands"),
    "suit-colour-css": (BUILD, None, "expected a colour like #1f6f3a"),
    "icon-colour-css": (CHECK, None, "expected a colour like #1f6f3a"),
    "image-pixel-bomb": (BUILD, add_pixel_bomb, "pixels"),
    "image-lying-header": (BUILD, add_lying_header, "damaged or truncated"),
    "layout-image-pixel-bomb": (CHECK, add_layout_pixel_bomb, "claims more than 25,000,000 pixels"),
    "layout-image-over-budget": (BUILD, add_layout_over_budget, "pixels; the limit is 25,000,000"),
    "hands-zero": (CHECK, None, "greater than or equal to 1"),
    "empty-pass-cycle": (CHECK, None, "should have at least 1 item"),
    "huge-max-hands": (CHECK, None, "less than or equal to"),
    "backward-ranks": (CHECK, None, "runs backwards"),
    "nan-length": (CHECK, None, "expected a length"),
    "huge-card": (["proof", "{deck}", "-o", "{out}/proof.png"], None, "a card is 10 to 300 mm on a side"),
    "extends-chain": (CHECK, None, "longer than 8 decks"),
    "deep-yaml": (CHECK, None, "nested more than"),
    "replay-log-names-a-path": (["replay", "{deck}/games.jsonl", "--check"], add_replay_log, "not a bundled deck"),
}


def assert_whole_lines(errors: list[str], stdout: str) -> None:
    """Each refusal fits its line whole: the terminal's shortener (terminal.py `shorten`) cut nothing off
    its end, and each of `check`'s failed verdicts (printed whole) is at most LINE_WIDTH characters
    besides its location."""
    assert not [line for line in errors if line.endswith("…")], errors
    failed = [row.split("\t")[-1] for row in stdout.splitlines() if "\t✖ fail\t" in row]
    assert all(counted_length(reason) <= LINE_WIDTH for reason in failed), failed


def run_measured(args: list[str], cwd: Path) -> dict:
    command = [sys.executable, "-c", _WRAPPER, sys.executable, "-m", "cardforge", *args]
    env = {**os.environ, "COLUMNS": "200", "NO_COLOR": "1"}
    done = subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=env, timeout=TIMEOUT_S + 30)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("case", list(CASES))
def test_hostile_deck_is_refused_safely(case: str, tmp_path: Path) -> None:
    args, setup, expected = CASES[case]
    outside = make_outside(tmp_path)
    deck = tmp_path / case
    source = CORPUS / case
    if source.is_dir():
        shutil.copytree(source, deck, symlinks=True)
    else:
        deck.mkdir()
    add_rules_md(deck)
    if setup is not None:
        setup(deck)
    out = tmp_path / "out"
    watch = OpenWatch(outside)
    try:
        result = run_measured([a.format(deck=deck, out=out) for a in args], tmp_path)
        opened = watch.events()
    finally:
        watch.close()
    everything = result["stdout"] + result["stderr"]
    assert result["code"] in (1, 2), everything
    assert expected in everything, everything
    assert "Traceback" not in everything
    lines = error_lines(result["stderr"])
    assert len(lines) <= 1 and (result["code"] != 2 or len(lines) == 1), result["stderr"]
    assert_whole_lines(lines if result["code"] == 2 else [], result["stdout"])
    assert result["rss_kb"] < MAX_RSS_MB * 1024, f"peak {result['rss_kb'] // 1024} MB"
    assert opened == [], f"files outside the deck were opened: {opened}"
    assert MARKER not in everything
    written = [p for p in out.rglob("*") if p.is_file()] if out.exists() else []
    assert all(MARKER.encode() not in p.read_bytes() for p in written)
    assert not [p for p in out.glob(".*staging*")] if out.exists() else True
    specials_intact(outside)


# ---------------------------------------------------------------- writers and devices


WRITERS = {  # each writer against one kind of special file, so every writer and every kind is covered
    "simulate --log": (["simulate", "fives", "--games", "2", "--log", "{target}"], "fifo"),
    "calibrate -o": (["calibrate", "-o", "{target}"], "null"),
    "mafia design -o": (["mafia", "design", "greeen-mafia", "--target", "0.2", "-o", "{target}"], "link-to-null"),
}


@pytest.mark.parametrize("writer", list(WRITERS))
def test_writers_refuse_devices_and_fifos(writer: str, tmp_path: Path) -> None:
    args, special = WRITERS[writer]
    outside = make_outside(tmp_path)
    if special != "fifo" and not os.path.lexists(outside / "null"):
        special = "fifo"  # mknod is not allowed on this machine
    target = outside / special
    if special == "link-to-null":
        target = tmp_path / "link"
        target.symlink_to(outside / "null")
    result = run_measured([a.format(target=target) for a in args], tmp_path)
    assert result["code"] == 2, result["stdout"] + result["stderr"]
    assert "not a regular file; refusing to write over it" in result["stderr"]
    assert len(error_lines(result["stderr"])) == 1
    specials_intact(outside)
    assert not [p for p in outside.iterdir() if p.name.endswith(".part")]


def test_build_refuses_to_replace_a_fifo_among_its_outputs(tmp_path: Path) -> None:
    outside = make_outside(tmp_path)
    deck = tmp_path / "plain"
    deck.mkdir()
    (deck / "deck.yaml").write_text("id: plain\ntitle: Plain\nplayers: [2]\ncards: [{id: a}, {id: b}]\n",
                                    encoding="utf-8")
    add_rules_md(deck)
    (tmp_path / "out" / "plain").mkdir(parents=True)
    os.mkfifo(tmp_path / "out" / "plain" / "plain-cards.pdf")
    result = run_measured(["build", str(deck), "-o", str(tmp_path / "out")], tmp_path)
    assert result["code"] == 2 and "a FIFO, not a regular file" in result["stderr"], result
    assert stat.S_ISFIFO(os.lstat(tmp_path / "out" / "plain" / "plain-cards.pdf").st_mode)
    assert not list((tmp_path / "out").glob(".*staging*"))
    specials_intact(outside)
