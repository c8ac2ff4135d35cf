"""The validator's report as a PDF: a one-page summary first, then the charts a designer would rather look at.

Page 1 answers "can I print this, and what next?" (summary.py); the pages after it show each
player count's seat chart and score chart with the game's own charts. Every page carries the deck's
name and its page number. Nothing time-dependent goes in (no dates, no run times), so the same deck,
seed and game count give a byte-identical report.
"""

from __future__ import annotations

import io
import zlib
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    CondPageBreak,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from ..check.results import DeckCheck
from ..outputs import atomic_write_bytes
from ..percentages import pct
from ..render.fonts import font_runs
from ..sim.report import seat_rows
from .charts import (
    HEURISTIC,
    OTHER,
    RANDOM,
    SEARCH,
    colour_key,
    draw_bars,
    histogram_chart,
    interval_chart,
    label_every,
    nice_bins,
    rich_string,
)
from .skilled import skilled_section
from .styles import report_styles
from .summary import SEATS_NOTE, key_numbers, next_steps, verdict_line

if TYPE_CHECKING:
    from PIL.Image import Image as PILImage

VERDICT_COLORS = {"pass": "#1e8449", "warn": "#9a7d0a", "fail": "#c0392b"}
MARGIN = 20 * mm


def ja(text: str, font: str = "sans") -> str:
    """Escape `text` for a Paragraph and set its Japanese runs in the fallback font (render/fonts.py)."""
    return "".join(escape(run) if name == font else f'<font name="{name}">{escape(run)}</font>'
                   for run, name in font_runs(text, font))


_RULED_ROWS = [
    ("FONTNAME", (0, 0), (-1, -1), "sans"),
    ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.HexColor("#333333")),
    ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.HexColor("#d5d8dc")),
]
"""The report's tables: a rule under the heading row and a faint one under every other row."""


def _checks_table(report: DeckCheck, styles: dict[str, ParagraphStyle]) -> Table:
    rows = [[Paragraph("<b>check</b>", styles["small"]), Paragraph("<b>verdict</b>", styles["small"]),
             Paragraph("<b>reason</b>", styles["small"])]]
    for result in report.results:
        if result.details.get("players") == 1 and result.name.startswith("deal"):
            continue  # a solitaire is not dealt; its card count is in the deck row
        color = VERDICT_COLORS[result.verdict]
        rows.append([Paragraph(escape(result.name), styles["small"]),
                     Paragraph(f'<font color="{color}"><b>{result.verdict.upper()}</b></font>', styles["small"]),
                     Paragraph(ja(result.reason), styles["small"])])
    table = Table(rows, colWidths=[40 * mm, 16 * mm, 114 * mm], repeatRows=1)
    table.setStyle(TableStyle(_RULED_ROWS))
    return table


def _key_table(report: DeckCheck, styles: dict[str, ParagraphStyle]) -> Table | None:
    numbers = key_numbers(report)
    if not numbers:
        return None
    rows = [[Paragraph(f"<b>{h}</b>", styles["small"]) for h in ("figure", "runs", "value (95% interval)")]]
    rows += [[Paragraph(escape(n.what), styles["small"]), Paragraph(escape(n.where), styles["small"]),
              Paragraph(escape(n.value), styles["small"])] for n in numbers]
    table = Table(rows, colWidths=[55 * mm, 40 * mm, 75 * mm], repeatRows=1)
    table.setStyle(TableStyle(_RULED_ROWS))
    return table


KIND_COLOURS = {"random": RANDOM, "heuristic": HEURISTIC}
"""A kind of player's colour in the seat charts; search players (mcts...) are SEARCH."""


def kind_colour(kind: str) -> Any:
    return KIND_COLOURS.get(kind, SEARCH if kind.startswith("mcts") else HEURISTIC)


def kind_name(kind: str) -> str:
    """`random players`, `heuristic players`, `search players (mcts)`."""
    return f"{kind} players" if kind in KIND_COLOURS else f"search players ({kind})"


def seat_chart(players: int, runs: dict[str, Any]) -> Any:
    """Win rate per seat and kind of player, with 95% whiskers and the fair share dashed."""
    labels, values, lows, highs, fills, groups = [], [], [], [], [], []
    for kind, result in runs.items():
        seats = seat_rows(result)
        groups.append((kind_name(kind), len(seats)))
        for seat in seats:
            labels.append(str(seat["seat"]))
            values.append(seat["win_rate"])
            lows.append(seat["ci_low"])
            highs.append(seat["ci_high"])
            fills.append(kind_colour(kind))
    first = next(iter(runs.values()))
    counts = {result.games for result in runs.values()}
    games = (f"{first.games:,} games per kind of player" if len(counts) == 1 else  # the gate stops each run on its own
             "; ".join(f"{kind_name(kind)}: {result.games:,} games" for kind, result in runs.items()))
    return interval_chart(f"Seat win rates, {players} players", labels, values, lows, highs,
                          reference=1 / players, bar_colors=fills, x_title="seat, by kind of player",
                          y_title="games won (%)", groups=groups,
                          note=f"{games}; whiskers: 95% intervals; dashed line: a fair share "
                               f"({pct(1 / players)})")


def score_range(runs_by_players: dict[int, dict[str, Any]]) -> tuple[float, float] | None:
    """The lowest and highest final score over every player count's main run, so every score chart of a
    report shares one bin width."""
    scores = [score for runs in runs_by_players.values() if runs
              for score in main_run(runs).score_histogram().counts]
    return (min(scores), max(scores)) if scores else None


def main_run(runs: dict[str, Any]) -> Any:
    """The run a player count's score and game charts show: the heuristic players', else the first."""
    return runs.get("heuristic") or next(iter(runs.values()))


def score_chart(players: int, result: Any, span: tuple[float, float] | None = None) -> Any:
    """Final totals of every seat in round-number bins (the same bins for every chart given one `span`)."""
    by_score = result.score_histogram().counts
    low, high = span or (min(by_score), max(by_score))
    start, width = nice_bins(low, high)
    bins: Counter[int] = Counter()
    for score, times in by_score.items():
        bins[int((score - start) // width)] += times
    count = int((max(high, max(by_score)) - start) // width) + 1
    shown = label_every(start, width, count)
    labels = [f"{start + i * width:g}" if shown[i] else "" for i in range(count)]
    unit = "" if width == 1 else f", bins of {width:g} starting at each label"
    return histogram_chart(f"Final scores, {players} players ({kind_name(result.agents[0])})", labels,
                           [bins.get(i, 0) for i in range(count)], bar_colors=[OTHER] * count,
                           x_title=f"final score (points){unit}", y_title="seat-games",
                           note=f"every seat's final total over {result.games:,} games")


def _caption(text: str, styles: dict[str, ParagraphStyle]) -> Paragraph:
    return Paragraph(ja(text), styles["caption"])


def report_story(report: DeckCheck) -> list[Any]:
    """The flowables of the report, in reading order."""
    styles = report_styles()
    word, sentence = verdict_line(report)
    color = (VERDICT_COLORS["fail"] if not report.playable else "#444444" if not report.simulated
             else VERDICT_COLORS["warn" if "warn" in word else "pass"])
    story: list[Any] = [
        Paragraph(f"{ja(report.title, 'sans-bold')}: validator report", styles["title"]),
        Paragraph(f"Deck <b>{escape(report.deck_id)}</b> ({escape(Path(report.path).name)})", styles["body"]),
        Spacer(1, 3 * mm),
        Paragraph(f'Verdict: <font color="{color}"><b>{escape(word)}</b></font>. {escape(sentence)}',
                  styles["verdict"]),
    ]
    key = _key_table(report, styles)
    if key is not None:
        story += [Paragraph("Key numbers", styles["h3"]), key]
    story += [Paragraph("What to do next", styles["h3"])]
    story += [Paragraph(f"• {ja(step)}", styles["body"]) for step in next_steps(report)]
    if report.simulations:
        story.append(Paragraph(escape(SEATS_NOTE), styles["caption"]))
    story += [Paragraph("Checks", styles["h3"]), _checks_table(report, styles)]
    span = score_range(report.simulations)
    for players, runs in sorted(report.simulations.items()):
        if not runs:
            continue
        # A player count starts a new page only where its heading and first chart would not fit: the charts
        # flow on, so no page is left holding a table's last row or a single chart.
        story.append(CondPageBreak(105 * mm))
        story.append(Paragraph(f"{players} players", styles["h2"]))
        first = next(iter(runs.values()))
        key = colour_key(*[(kind_colour(kind), kind_name(kind)) for kind in runs])
        story.append(KeepTogether([seat_chart(players, runs), _caption(
            f"Seat {first.first_seat} ({first.first_seat_note}) is the seat the first-seat verdict watches. "
            f"Bars: {key}. Bars whose whiskers cross the dashed line are within chance of a fair share.",
            styles)]))
        main = main_run(runs)
        story.append(KeepTogether([score_chart(players, main, span)]))
        for bars in main.report.charts(players, main) if main.report is not None else []:
            story.append(KeepTogether([draw_bars(bars)]))
    if report.game_report is not None:
        sections = report.game_report.sections(report)
        if sections:
            story.append(PageBreak())
            story += sections
    story += skilled_section(report)
    return story


def proof_page(picture: bytes | PILImage, width: float, height: float, card_width_mm: float | None = None) -> list[Any]:
    """A page with the deck's proof image (render/proof.py; `picture`: the PNG file's bytes, or the image
    itself), scaled to fit `width` x `height` points, and a caption stating that scale: the PNG shows faces
    at 1:1 on a screen, this page cannot."""
    from reportlab.platypus import Image as ImageFlowable

    from ..render.proof import SCREEN_DPI

    styles = report_styles()
    image = ImageFlowable(io.BytesIO(picture)) if isinstance(picture, bytes) else _shown(picture)
    room = height - 24 * mm
    scale = min(width / image.imageWidth, room / image.imageHeight)
    image.drawWidth, image.drawHeight = image.imageWidth * scale, image.imageHeight * scale
    shown = scale * SCREEN_DPI / 72  # printed size on this page / printed size of the card
    card = (f": a card {card_width_mm:g} mm wide is {card_width_mm * shown:.0f} mm wide here"
            if card_width_mm else "")
    caption = (f"Shown at {shown:.0%} of printed size{card}. The proof PNG (`cardforge proof`, or `build --png`) "
               f"shows the faces at 1:1 on a {SCREEN_DPI} dpi screen at 100% zoom.")
    return [PageBreak(), Paragraph("Proof: what players and the cutter will see", styles["h2"]),
            Paragraph(escape(caption), styles["caption"]), image]


def _shown(picture: PILImage) -> Any:
    """reportlab's Image flowable holding `picture` itself: reportlab reads the same pixels from it as from
    the picture's file (its name and stream are made from them), without the picture being written to a
    file and decoded again (17 MB of pixels for a bundled deck's proof)."""
    from reportlab.lib.utils import ImageReader
    from reportlab.platypus import Image as ImageFlowable

    class Shown(ImageFlowable):
        def __init__(self) -> None:
            self._img = ImageReader(picture)  # what the flowable would read from the file, given first
            super().__init__(io.BytesIO())

    return Shown()


def _footer(title: str, deck_id: str) -> Any:
    def draw(canvas: Any, doc: Any) -> None:
        canvas.saveState()
        y = 10 * mm
        for s in rich_string(MARGIN, y, f"{title} ({deck_id}) · validator report", "sans", 8,
                             colors.HexColor("#444444")):
            canvas.setFont(s.fontName, s.fontSize)
            canvas.setFillColor(s.fillColor)
            canvas.drawString(s.x, s.y, s.text)
        canvas.setFont("sans", 8)
        canvas.drawRightString(A4[0] - MARGIN, y, f"page {doc.page}")
        canvas.setStrokeColor(colors.HexColor("#d5d8dc"))
        canvas.setLineWidth(0.5)
        canvas.line(MARGIN, y + 4 * mm, A4[0] - MARGIN, y + 4 * mm)
        canvas.restoreState()
    return draw


def report_pdf(report: DeckCheck, proof_image: bytes | PILImage | None = None, card_width_mm: float | None = None) -> bytes:
    """The report's PDF bytes; byte-identical for the same checks (and proof image)."""
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=16 * mm,
                            bottomMargin=20 * mm, title=f"{report.title}: validator report", author="cardforge",
                            invariant=1, initialFontName="sans", pageCompression=1)
    story = report_story(report)  # registers the fonts the canvas starts with
    if proof_image is not None:
        story += proof_page(proof_image, doc.width, doc.height, card_width_mm)
    footer = _footer(report.title, report.deck_id)
    with _quick_deflate():
        doc.build(story, onFirstPage=footer, onLaterPages=footer)
    return buffer.getvalue()


DEFLATE_LEVEL = 3
"""zlib level of the report's streams. The proof image is 17 MB of pixels (a bundled deck): level 6,
reportlab's, takes 0.15 s of a build to make it 0.38 MB; level 3 takes 0.05 s for 0.46 MB (level 4:
0.11 s; levels 1-3 take the same time)."""


@contextmanager
def _quick_deflate() -> Iterator[None]:
    """reportlab deflates every stream and image with `zlib.compress` at its default level and offers
    no setting for it: while the report is written, its PDF writer sees a zlib whose compress uses
    `DEFLATE_LEVEL` (the same bytes on every run)."""
    from reportlab.pdfbase import pdfdoc

    before = pdfdoc.zlib
    pdfdoc.zlib = SimpleNamespace(compress=partial(zlib.compress, level=DEFLATE_LEVEL),
                                  decompress=zlib.decompress)
    try:
        yield
    finally:
        pdfdoc.zlib = before


def build_report(report: DeckCheck, out_path: Path, proof_image: bytes | None = None,
                 card_width_mm: float | None = None) -> Path:
    """Write the report PDF atomically; byte-identical for the same checks (and proof image)."""
    atomic_write_bytes(out_path, report_pdf(report, proof_image, card_width_mm))
    return out_path
