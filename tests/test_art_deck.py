"""Art-only decks (image fronts and backs, no players, no rules) and `cardforge build --only`."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pypdfium2 as pdfium
from click.testing import CliRunner
from PIL import Image

from cardforge.cli import main
from cardforge.render.pdfcheck import alignment_problems, box_problems, mark_problems, read_sheets
from cardforge.units import PT_PER_MM

COLOURS = [(200, 30, 30), (30, 160, 60), (40, 60, 200), (230, 200, 40), (20, 20, 20), (240, 120, 0),
           (0, 150, 150), (150, 0, 150), (120, 120, 120), (250, 250, 250), (90, 60, 30)]


def products(folder: Path) -> list[str]:
    """What a build published, without the hidden `.cardforge-source` note that ties the folder to its
    deck file (cardforge/publish.py)."""
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith("."))


def art_deck(folder: Path, cards: int = 11) -> Path:
    """`cards` plain-colour fronts (one per card) and as many backs, 69x94 px (63x88 mm plus 3 mm bleed)."""
    (folder / "fronts").mkdir(parents=True)
    (folder / "backs").mkdir()
    for i in range(cards):
        Image.new("RGB", (69, 94), COLOURS[i]).save(folder / "fronts" / f"c{i:02d}.png")
        Image.new("RGB", (69, 94), COLOURS[-1 - i]).save(folder / "backs" / f"c{i:02d}.png")
    (folder / "deck.yaml").write_text(textwrap.dedent("""
        id: art-only
        title: Art only
        card: {width: 63, height: 88, bleed: 3}
        cards:
          - images: {fronts: fronts/, backs: backs/}
    """).lstrip(), encoding="utf-8")
    return folder


def pixel_at(page: pdfium.PdfPage, box: tuple[float, float, float, float], scale: float = 2.0) -> tuple[int, ...]:
    image = page.render(scale=scale).to_pil().convert("RGB")
    cx, cy = (box[0] + box[2]) / 2 * PT_PER_MM, (box[1] + box[3]) / 2 * PT_PER_MM
    return image.getpixel((int(cx * scale), int((page.get_height() - cy) * scale)))


def test_art_deck_builds_cards_only_with_fronts_behind_their_backs(tmp_path: Path) -> None:
    deck = art_deck(tmp_path / "art")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(deck), "-o", str(out), "--only", "cards", "--duplex", "long"])
    assert result.exit_code == 0, result.output
    pdf = out / "art-only" / "art-only-cards.pdf"
    assert products(out / "art-only") == [pdf.name]
    pages = read_sheets(pdf)
    assert len(pages) == 4  # 11 cards, 9 a sheet: two sheets, fronts and backs
    assert alignment_problems(pages, "long") == []
    assert mark_problems(pages) == []
    assert box_problems(pages, (210.0, 297.0)) == []
    document = pdfium.PdfDocument(str(pdf))
    for index, page in enumerate(pages):
        for placement in page.placements:
            number = int(placement.card[1:])
            expected = COLOURS[number] if placement.side == "front" else COLOURS[-1 - number]
            got = pixel_at(document[index], placement.box)
            assert all(abs(a - b) <= 3 for a, b in zip(got, expected)), (placement.card, placement.side, got)


def test_full_build_of_an_art_deck_says_in_one_line_what_it_skipped(tmp_path: Path) -> None:
    deck = art_deck(tmp_path / "art", cards=3)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(deck), "-o", str(out), "--png"])
    assert result.exit_code == 0, result.output
    skipped = [line for line in result.output.splitlines() if "skipped" in line]
    assert len(skipped) == 1
    assert "booklet (no rules text" in skipped[0] and "report (nothing to check" in skipped[0]
    folder = out / "art-only"
    assert products(folder) == ["art-only-cards.pdf", "art-only-contact.png", "art-only-proof.png",
                                                        "png"]
    assert len(list((folder / "png").glob("*.png"))) == 6


def test_only_booklet_on_an_art_deck_is_a_one_line_error_that_writes_nothing(tmp_path: Path) -> None:
    deck = art_deck(tmp_path / "art", cards=2)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(deck), "-o", str(out), "--only", "booklet"])
    assert result.exit_code == 2
    assert "has no booklet: no rules text" in result.output and "Traceback" not in result.output
    assert not out.exists() or list(out.iterdir()) == []


def test_only_booklet_of_a_game_deck_writes_just_the_booklet(shared_build) -> None:
    result = shared_build("greeen-mafia", "--only", "booklet", "--paper", "a4")  # shared with test_home_booklet
    out = result.out
    assert result.exit_code == 0, result.output
    assert products(out / "greeen-mafia") == ["greeen-mafia-rules-booklet-a4.pdf", "greeen-mafia-rules.pdf"]
    assert len(pdfium.PdfDocument(str(out / "greeen-mafia" / "greeen-mafia-rules.pdf"))) >= 3


def test_only_cards_loads_neither_weasyprint_nor_the_simulator_nor_the_report(tmp_path: Path) -> None:
    deck = art_deck(tmp_path / "art", cards=2)
    probe = textwrap.dedent(f"""
        import sys
        from cardforge.cli import main
        try:
            main(["build", {str(deck)!r}, "-o", {str(tmp_path / "out")!r}, "--only", "cards"])
        except SystemExit as stop:
            assert not stop.code, stop.code
        heavy = sorted(m for m in sys.modules if m.split(".")[0] == "weasyprint"
                       or m.startswith(("cardforge.sim", "cardforge.report", "cardforge.booklet.compose",
                                       "cardforge.check.simulation", "cardforge.games.tricks")))
        print("HEAVY", heavy)
    """)
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert "HEAVY []" in run.stdout, run.stdout + run.stderr
    assert (tmp_path / "out" / "art-only" / "art-only-cards.pdf").is_file()


def test_only_report_runs_the_check_and_writes_just_the_report(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "greeen-mafia", "-o", str(out), "--only", "report"])
    assert result.exit_code == 0, result.output
    assert products(out / "greeen-mafia") == ["greeen-mafia-report.pdf"]
    text = " ".join(page.get_textpage().get_text_range()
                    for page in pdfium.PdfDocument(str(out / "greeen-mafia" / "greeen-mafia-report.pdf")))
    assert "4,932" in text  # the solver ran: winnable orders of the bundled mission


def test_a_deck_that_cannot_deal_is_refused_by_only_cards_without_simulating(tmp_path: Path) -> None:
    folder = tmp_path / "odd"
    folder.mkdir()
    (folder / "deck.yaml").write_text(textwrap.dedent("""
        id: odd
        title: Odd
        players: [2]
        suits: {red: {name: Red, color: "#aa2222"}}
        cards: [{suits: all, ranks: 1-5}]
    """).lstrip(), encoding="utf-8")
    out = tmp_path / "out"
    refused = CliRunner().invoke(main, ["build", str(folder), "-o", str(out), "--only", "cards"])
    assert refused.exit_code == 1 and "5 cards do not deal evenly to 2 players" in refused.output
    assert not (out / "odd").exists()
    forced = CliRunner().invoke(main, ["build", str(folder), "-o", str(out), "--only", "cards", "--force"])
    assert forced.exit_code == 0, forced.output
    text = pdfium.PdfDocument(str(out / "odd" / "odd-cards.pdf"))[0].get_textpage().get_text_range()
    assert "NOT VALIDATED" in text


def test_show_says_an_art_deck_is_never_dealt(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["show", str(art_deck(tmp_path / "art", cards=2))])
    assert result.exit_code == 0, result.output
    assert "2 cards in play, 2 printed" in result.output and "an art deck, printed but never dealt" in result.output
    assert "Deal per player count" not in result.output
