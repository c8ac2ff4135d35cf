"""The change stream behind `build --watch` and `preview` (cardforge/watch.py): a save made while the
watch is being planned again (the deck's folders changed) is still reported."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from cardforge.watch import changes, deck_folders


def test_a_save_made_while_the_watch_is_replanned_is_not_lost(tmp_path: Path) -> None:
    deck, base = tmp_path / "deck", tmp_path / "base"
    deck.mkdir()
    base.mkdir()
    (base / "deck.yaml").write_text("id: base\ntitle: Base\n", encoding="utf-8")
    (deck / "deck.yaml").write_text("id: mine\ntitle: Mine\n", encoding="utf-8")
    ready, stop = threading.Event(), threading.Event()
    seen: list[set[Path]] = []

    def watch() -> None:
        for found in changes(lambda: deck_folders(deck), stop=stop, ready=ready.set):
            seen.append({p.name for p in found})
            if len(seen) == 1:
                # while the first change is being handled (a build), the designer saves another file;
                # then the watch is planned again, because the first change added a folder (extends)
                (deck / "notes.txt").write_text("saved during the build", encoding="utf-8")
                time.sleep(0.5)
            else:
                stop.set()

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    assert ready.wait(30)
    (deck / "deck.yaml").write_text("id: mine\ntitle: Mine\nextends: ../base/deck.yaml\n", encoding="utf-8")
    thread.join(timeout=30)
    stop.set()
    assert len(seen) >= 2, seen
    assert seen[0] == {"deck.yaml"} and "notes.txt" in seen[1], seen


def test_an_editors_own_files_are_not_changes(tmp_path: Path) -> None:
    """Vim's swap file and writability probe, backups and Emacs' auto-save and lock appear while a designer
    saves deck.yaml: only deck.yaml is reported (the preview's log listed `4913` and `#deck.yaml#`)."""
    deck = tmp_path / "deck"
    deck.mkdir()
    (deck / "deck.yaml").write_text("id: mine\ntitle: Mine\n", encoding="utf-8")
    ready, stop = threading.Event(), threading.Event()
    seen: set[str] = set()

    def watch() -> None:
        for found in changes(lambda: deck_folders(deck), stop=stop, ready=ready.set):
            seen.update(p.name for p in found)
            if "deck.yaml" in seen:
                stop.set()

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    assert ready.wait(30)
    for name in (".deck.yaml.swp", "4913", "deck.yaml~", "#deck.yaml#", ".#deck.yaml", "~$cards.xlsx"):
        (deck / name).write_text("editor", encoding="utf-8")
    time.sleep(0.5)  # a batch of its own, were any of them reported
    (deck / "deck.yaml").write_text("id: mine\ntitle: Mine, saved\n", encoding="utf-8")
    thread.join(timeout=30)
    stop.set()
    assert seen == {"deck.yaml"}, seen
