"""Card faces as vector drawings (face.py), built from layouts, icons and built-in graphics.

Use `cardforge.render.face.face_drawing(deck, card, side)`; sheets and the booklet paint the result.
"""

from __future__ import annotations

from ..errors import CardforgeError


class RenderError(CardforgeError, ValueError):
    """A face that cannot be drawn: a bad colour or icon after templating, a missing image..."""
