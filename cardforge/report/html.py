"""The validator's report as one HTML page for the screen, with the same charts as SVG.

It walks the very story pdf.py lays out (paragraphs, tables, chart Drawings), so the two versions
cannot drift apart: a paragraph's reportlab markup (<b>, <font color>) is already HTML, a table
becomes a <table>, and each chart is drawn by reportlab's SVG renderer from the same Drawing.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from reportlab.graphics import renderSVG
from reportlab.graphics.shapes import Drawing
from reportlab.platypus import KeepTogether, PageBreak, Paragraph, Spacer, Table

from ..check.results import DeckCheck
from ..render.fonts import font_face_css
from .pdf import report_story

TAGS = {"title": "h1", "h2": "h2", "h3": "h3", "verdict": "p class=\"verdict\"", "caption": "p class=\"caption\"",
        "small": "p class=\"small\"", "body": "p"}
CSS = """
body { font-family: "sans", "jp", sans-serif; max-width: 50em; margin: 2em auto; padding: 0 1em; color: #222;
       line-height: 1.45; }
h1 { font-size: 1.8em; margin-bottom: .2em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
.verdict { font-size: 1.3em; } .caption { color: #333; font-size: .9em; } .small { margin: 0; font-size: .9em; }
table { border-collapse: collapse; width: 100%; margin: .5em 0 1em; }
td { border-bottom: 1px solid #d5d8dc; padding: .25em .4em; vertical-align: top; }
tr:first-child td { border-bottom: 1.5px solid #333; }
figure { margin: 1.2em 0; } figure svg { max-width: 100%; height: auto; }
"""
_SVG_SIZE = re.compile(r'<svg width="[^"]+" height="[^"]+"')
_FONT_NAME = re.compile(r'<font name="(\w[\w-]*)">')


def _markup(text: str) -> str:
    """reportlab's paragraph markup as HTML: <b>, <i>, <br/> pass; <font color> and <font name> become spans."""
    text = _FONT_NAME.sub(lambda m: f'<span style="font-family: {m.group(1)}">', text)
    text = re.sub(r'<font color="([^"]+)">', r'<span style="color: \1">', text)
    return text.replace("</font>", "</span>")


def _svg(drawing: Drawing) -> str:
    """The chart as inline SVG that scales with the page (a viewBox in place of a fixed size)."""
    text = renderSVG.drawToString(drawing)
    return _SVG_SIZE.sub('<svg width="100%"', text[text.index("<svg"):], count=1)


def _cell(value: Any) -> str:
    if isinstance(value, Paragraph):
        return _markup(value.text)
    return escape(str(value))


def _flowable(item: Any) -> str:
    if isinstance(item, KeepTogether):
        return "".join(_flowable(inner) for inner in item._content)
    if isinstance(item, Paragraph):
        tag = TAGS.get(item.style.name, "p")
        return f"<{tag}>{_markup(item.text)}</{tag.split()[0]}>\n"
    if isinstance(item, Table):
        rows = "".join("<tr>" + "".join(f"<td>{_cell(v)}</td>" for v in row) + "</tr>" for row in item._cellvalues)
        return f"<table>{rows}</table>\n"
    if isinstance(item, Drawing):
        return f"<figure>{_svg(item)}</figure>\n"
    if isinstance(item, (Spacer, PageBreak)):
        return ""
    return ""


def report_html(report: DeckCheck) -> str:
    """The whole report as a standalone HTML page (fonts by file URL, charts inline SVG)."""
    body = "".join(_flowable(item) for item in report_story(report))
    return (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{escape(report.title)}: validator report</title>"
            f"<style>{font_face_css()}{_bold_face()}{CSS}</style></head>\n<body>\n{body}</body></html>\n")


def _bold_face() -> str:
    """The bold weight of "sans", so <b> and headings use the embedded bold font, not a smeared regular."""
    from ..paths import FONTS_DIR

    return f'@font-face {{ font-family: "sans"; font-weight: bold; src: url("{(FONTS_DIR / "DejaVuSans-Bold.ttf").as_uri()}"); }}'

