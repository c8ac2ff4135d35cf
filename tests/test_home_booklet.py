"""Every build writes the booklet to print at home: the A5 pages imposed on A4 (Letter with US paper),
with the short-edge duplex hint set for the print dialog, read back from the file."""

from __future__ import annotations

import math

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardforge.cli import main


@pytest.mark.parametrize(("paper", "sheet", "size"), [("a4", "a4", (841.89, 595.28)), ("letter", "letter", (792.0, 612.0))])
def test_the_build_writes_the_home_booklet_for_its_paper(shared_build, paper, sheet, size):
    result = shared_build("greeen-mafia", "--only", "booklet", "--paper", paper)  # A4: shared with test_art_deck
    assert result.exit_code == 0, result.output
    folder = result.out / "greeen-mafia"
    home = PdfReader(folder / f"greeen-mafia-rules-booklet-{sheet}.pdf")
    a5 = PdfReader(folder / "greeen-mafia-rules.pdf")
    preferences = home.trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/Duplex"] == "/DuplexFlipShortEdge" and preferences["/PrintScaling"] == "/None"
    assert len(home.pages) == 2 * math.ceil(len(a5.pages) / 4)
    for page in home.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(size, abs=0.01)
    assert str(folder / f"greeen-mafia-rules-booklet-{sheet}.pdf") in result.output
    # the cover (A5 page 1) is on the right half of the first side, the back cover on its left
    first = home.pages[0].extract_text()
    assert a5.pages[0].extract_text().split("\n")[0] in first


def test_asking_for_the_home_booklet_writes_it_once(tmp_path):
    result = CliRunner().invoke(main, ["build", "greeen-mafia", "-o", str(tmp_path), "--only", "booklet",
                                       "--booklet", "booklet-a4"])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "greeen-mafia").iterdir() if not p.name.startswith("."))
    assert names == ["greeen-mafia-rules-booklet-a4.pdf"]
