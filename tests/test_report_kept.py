"""A build's report is written again from the keep only for the same verdict, deck, sheet options,
card sheets and code (cardforge/report/kept.py); anything else that changed makes it again."""

from __future__ import annotations

import pickle
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest
from PIL import Image

from cardforge import products
from cardforge.check.results import DeckCheck
from cardforge.deck import Deck
from cardforge.load import load_deck
from cardforge.render import proof as proof_module
from cardforge.render.sheets import SheetOptions
from cardforge.report import kept
from cardforge.report import pdf as report_pdf


@pytest.fixture
def made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Keeping on in a cache folder of the test's own; the proof and the report's PDF stood in for by
    ones that note each report they make (its bytes name the count)."""
    monkeypatch.setenv(kept.KEEP_ENV, "1")
    monkeypatch.setenv("CARDFORGE_CACHE_DIR", str(tmp_path / "cache"))
    reports: list[str] = []

    def made_pdf(verdict: DeckCheck, image: bytes, width: float) -> bytes:
        reports.append(verdict.deck_id)
        return f"%PDF report {len(reports)}".encode()

    monkeypatch.setattr(report_pdf, "report_pdf", made_pdf)
    monkeypatch.setattr(proof_module, "proof", lambda deck, options, printed: SimpleNamespace(image=Image.new("RGB", (2, 2))))
    return reports


def verdict_of(deck: Deck, reason: str = "all good") -> DeckCheck:
    verdict = DeckCheck(deck.id, deck.title, str(deck.path), ruleset=deck.ruleset)
    verdict.add("simulation", "pass", reason, seats=[0.25] * 4)
    return verdict


def test_a_report_is_kept_until_its_verdict_deck_sheets_cards_or_code_change(
        tmp_path: Path, made: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    deck = load_deck("fives", collect_problems=True)
    stage = tmp_path / "stage"
    stage.mkdir()
    cards = stage / "fives-cards.pdf"
    cards.write_bytes(b"%PDF cards")
    settings = products.BuildSettings(out_dir=tmp_path, sheets=SheetOptions(), verdict=verdict_of(deck))

    def report(deck: Deck = deck, settings: products.BuildSettings = settings) -> bytes:
        [path] = products.balance_report(deck, stage, settings)
        return path.read_bytes()

    first = report()
    assert report() == first and len(made) == 1  # written again from the keep, not made

    def misses(deck: Deck = deck, settings: products.BuildSettings = settings) -> bool:
        before = len(made)
        report(deck, settings)
        return len(made) == before + 1

    assert misses(settings=replace(settings, verdict=verdict_of(deck, "another verdict")))
    assert misses(settings=replace(settings, sheets=SheetOptions(paper="letter")))
    assert misses(settings=replace(settings, sheets=SheetOptions(note="NOT VALIDATED")))
    card = deck.cards[0]
    assert misses(deck=replace(deck, cards=(replace(card, deal=not card.deal), *deck.cards[1:])))
    cards.write_bytes(b"%PDF other cards")  # a face drawn differently
    assert misses()
    cards.write_bytes(b"%PDF cards")
    assert not misses()
    with monkeypatch.context() as patched:
        patched.setattr(kept, "code_digest", lambda: "changed code")
        assert misses()
    (stage / "fives-proof.png").write_bytes(b"png")  # the proof image comes from --png's file
    assert misses()
    (stage / "fives-proof.png").unlink()
    key = kept.report_key(deck, settings.verdict, settings.sheets, b"%PDF cards", False, deck.spec.card.size_mm[0])
    entry = tmp_path / "cache" / kept.FOLDER / f"{key}.report"
    assert entry.exists()
    entry.write_bytes(entry.read_bytes()[:-3])  # damaged: a miss, made again and kept whole
    assert misses()
    assert not misses()
    cards.unlink()  # no card sheets written by this build: nothing to key the proof on, never kept
    assert misses() and misses()
    monkeypatch.setenv(kept.KEEP_ENV, "0")
    cards.write_bytes(b"%PDF cards")
    assert misses()


def test_equal_verdicts_give_one_key_however_their_objects_are_shared(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(kept.KEEP_ENV, "1")
    deck = load_deck("fives", collect_problems=True)
    shared = ["north", "east"]
    verdict = verdict_of(deck)
    verdict.add("seats", "pass", "fair", names=shared, again=shared)
    copied = pickle.loads(pickle.dumps(verdict))
    copied.results[-1].details["again"] = list(shared)  # equal, no longer the same list
    assert kept._verdict_bytes(copied) == kept._verdict_bytes(verdict)
    key = kept.report_key(deck, verdict, SheetOptions(), b"%PDF", False, 63.0)
    assert key is not None and key == kept.report_key(deck, copied, SheetOptions(), b"%PDF", False, 63.0)
