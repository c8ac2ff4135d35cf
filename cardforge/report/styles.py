"""The report's paragraph styles, shared by the generic report and the games' own sections."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle

from ..render.fonts import register_fonts


def report_styles() -> dict[str, ParagraphStyle]:
    register_fonts()
    base = ParagraphStyle("body", fontName="sans", fontSize=9, leading=12)
    return {
        "title": ParagraphStyle("title", parent=base, fontName="sans-bold", fontSize=18, leading=22, spaceAfter=4),
        "h2": ParagraphStyle("h2", parent=base, fontName="sans-bold", fontSize=13, leading=16, spaceBefore=10,
                             spaceAfter=4),
        "body": base,
        "small": ParagraphStyle("small", parent=base, fontSize=7.5, leading=9.5),
    }
