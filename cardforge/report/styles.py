"""The report's paragraph styles, shared by the generic report and the games' own sections.

Nothing is set below 8 pt, and captions are dark enough to read on paper."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle

from ..render.fonts import register_fonts


def report_styles() -> dict[str, ParagraphStyle]:
    register_fonts()
    base = ParagraphStyle("body", fontName="sans", fontSize=9.5, leading=13, spaceAfter=2)
    return {
        "title": ParagraphStyle("title", parent=base, fontName="sans-bold", fontSize=18, leading=22, spaceAfter=4),
        "verdict": ParagraphStyle("verdict", parent=base, fontSize=13, leading=17, spaceAfter=4),
        "h2": ParagraphStyle("h2", parent=base, fontName="sans-bold", fontSize=13, leading=16, spaceBefore=4,
                             spaceAfter=4),
        "h3": ParagraphStyle("h3", parent=base, fontName="sans-bold", fontSize=10.5, leading=14, spaceBefore=8,
                             spaceAfter=3),
        "body": base,
        "small": ParagraphStyle("small", parent=base, fontSize=8, leading=10.5, spaceAfter=0),
        "caption": ParagraphStyle("caption", parent=base, fontSize=8.5, leading=11, textColor="#333333",
                                  spaceBefore=2, spaceAfter=8),
    }
