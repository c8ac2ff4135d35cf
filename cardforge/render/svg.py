"""Drawings as SVG text whose pictures are links, not copies, for the booklet's card pictures.

reportlab's SVG renderer re-encodes every picture as a `data:` URL: a card's art then travels as
tens of kilobytes of base64 through the booklet's HTML, and the booklet's fetcher (which answers
only files of the deck) refuses it. Here a picture drawn from a file links to that file, so the
booklet reads it through its fetcher like any other deck file; a picture made in memory (an image
face whose bleed is mirrored out, render/face_images.py) is kept in `SvgPictures` under a short
`cardforge-picture:` name the fetcher serves. A picture fills its box exactly, as in the PDF.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path
from typing import Any

from reportlab.graphics import renderSVG
from reportlab.graphics.renderbase import renderScaledDrawing
from reportlab.graphics.shapes import Drawing

PICTURE_SCHEME = "cardforge-picture:"
"""URLs of pictures made in memory while drawing (`SvgPictures`)."""


class SvgPictures(dict[str, bytes]):
    """In-memory pictures by URL (`cardforge-picture:<digest>.png`), for the booklet's fetcher."""

    def add(self, image: Any) -> str:
        buffer = io.BytesIO()
        image.save(buffer, "PNG")
        data = buffer.getvalue()
        url = f"{PICTURE_SCHEME}{hashlib.sha1(data).hexdigest()[:20]}.png"
        self[url] = data
        return url


class _LinkingRenderer(renderSVG._SVGRenderer):
    """reportlab's SVG renderer with pictures linked by URL (module docstring)."""

    def __init__(self, pictures: SvgPictures) -> None:
        super().__init__()
        self.pictures = pictures

    def drawImage(self, image: Any) -> None:  # noqa: N802 (reportlab's name)
        path = image.path
        if isinstance(path, (str, Path)):
            href = Path(path).resolve().as_uri()
        elif hasattr(path, "save"):
            href = self.pictures.add(path)
        else:
            return
        canvas = self._canvas
        x, y, width, height = image.x, image.y, image.width, image.height
        node = renderSVG.transformNode(canvas.doc, "image", x=x, y=y, width=width, height=height,
                                       preserveAspectRatio="none", href=href,
                                       transform=f"matrix({canvas.cfp_str(1, 0, 0, -1, 0, height + 2 * y)})")
        canvas.currGroup.appendChild(node)


def svg_text(drawing: Drawing, pictures: SvgPictures) -> str:
    """`drawing` as an SVG document; in-memory pictures it shows are added to `pictures`."""
    scaled = renderScaledDrawing(drawing)
    canvas = renderSVG.SVGCanvas((scaled.width, scaled.height))
    _LinkingRenderer(pictures).draw(scaled, canvas, 0, 0, showBoundary=False)
    out = io.StringIO()
    canvas.save(out)
    return out.getvalue()
