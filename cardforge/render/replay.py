"""A face painted a second time replays the canvas calls of its first paint instead of walking its Drawing.

A build paints every distinct layout face twice or more: into the pages its checks rasterise
(png.py `layout_face_pages`: frames, bands, the proof) and into the card sheets' forms (pdf.py).
reportlab's Drawing renderer spends most of a paint walking the shape tree (state deltas, derived
values, a save and restore per node); what reaches the canvas is a short list of calls (set a
colour, a font, a transform, draw a path or a string). Those calls depend on the drawing alone:
the renderer reads nothing from the canvas but the font it set itself. So the first paint records
them, through a stand-in canvas that passes each call on, and a later paint of the same drawing
makes the same calls on its own canvas, which does everything document-specific (font subsets,
image XObjects, resource names) exactly as before: the same bytes (tests/test_sheets_pdf.py).

A paint that does anything else with the canvas (reads another attribute, calls a method not listed
here, or a node that draws itself: a user node, a draw-time callback) is not kept, and such a
drawing is walked every time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from reportlab import rl_config

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing
    from reportlab.pdfgen.canvas import Canvas

KEPT = "_cardforge_canvas_calls"
"""Where a drawing keeps its recorded calls (in its own __dict__: reportlab's attribute checks
never see it)."""
CALLS = frozenset({
    "saveState", "restoreState", "transform", "setFillColor", "setStrokeColor", "setLineWidth", "setLineCap",
    "setLineJoin", "setDash", "setFont", "setFillAlpha", "setStrokeAlpha", "setFillOverprint",
    "setStrokeOverprint", "setOverprintMask", "drawPath", "clipPath", "rect", "roundRect", "line", "circle",
    "ellipse", "drawString",
})
"""The canvas methods reportlab's PDF renderer calls (reportlab/graphics/renderPDF.py), recorded as made."""
FONT_STATE = frozenset({"_fontname", "_fontsize"})
"""Canvas attributes the renderer reads: it asks for both whenever it sets a font, and uses one only
when the shape names a size without a font or the reverse. A value it uses before the paint set a font
of its own is the canvas's font before the paint: the recording then holds only for a canvas whose font
is the same (`Recording.holds`)."""
PICTURE = "picture"
"""A recorded picture (pdf_images.py `draw_picture`, called by the sheets' renderer with the real canvas)."""
SETATTR = "setattr"

Call = tuple[str, tuple[Any, ...], dict[str, Any]]


class _ReadText(str):
    """A font name read from the canvas, marked so that its use in a call can be told."""


class _ReadInt(int):
    pass


class _ReadFloat(float):
    pass


_READ: dict[type, type] = {str: _ReadText, int: _ReadInt, float: _ReadFloat}
_PLAIN: dict[type, type] = {marked: plain for plain, marked in _READ.items()}


@dataclass(frozen=True)
class Recording:
    """The canvas calls of one paint, and the font state of the canvas they assume (attribute, value)."""

    calls: tuple[Call, ...]
    assumes: tuple[tuple[str, Any], ...]
    invariant: Any
    """rl_config.invariant when recorded: the renderer orders a node's state changes by it."""

    def holds(self, canvas: Canvas) -> bool:
        return self.invariant == rl_config.invariant and all(
            type(getattr(canvas, name, None)) is type(value) and getattr(canvas, name, None) == value
            for name, value in self.assumes)


class Recorder:
    """Stands in for a canvas while a drawing is painted: passes every call on and notes the calls (a
    method of its own for each of `CALLS`, so noting costs little beside the call)."""

    def __init__(self, canvas: Canvas) -> None:
        self.__dict__.update(real=canvas, calls=[], assumes={}, kept=True, depth=0, font_depth=None)

    def __getattr__(self, name: str) -> Any:
        value = getattr(self.real, name)
        if name == "beginPath":  # a new path object, filled in by the renderer and handed to drawPath
            return value
        if name in FONT_STATE and type(value) in _READ:
            return _READ[type(value)](value)  # marked: `setFont` tells whether the renderer used it
        self.__dict__["kept"] = False
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        if name != "_fillMode":
            self.__dict__["kept"] = False
        self.calls.append((SETATTR, (name, value), {}))
        setattr(self.real, name, value)

    def _plain(self, value: Any) -> Any:
        """A value read from the canvas as the plain value; noted as assumed while the paint has not set
        a font of its own."""
        if type(value) not in _PLAIN:
            return value
        plain = _PLAIN[type(value)](value)
        if self.font_depth is None:
            self.assumes["_fontname" if isinstance(plain, str) else "_fontsize"] = plain
        return plain

    def setFont(self, *args: Any, **kwargs: Any) -> Any:  # noqa: N802 (reportlab's names)
        args = tuple(self._plain(arg) for arg in args)
        kwargs = {key: self._plain(arg) for key, arg in kwargs.items()}
        self.calls.append(("setFont", args, kwargs))
        if self.font_depth is None:
            self.__dict__["font_depth"] = self.depth
        return self.real.setFont(*args, **kwargs)

    def saveState(self) -> None:  # noqa: N802
        self.calls.append(("saveState", (), {}))
        self.__dict__["depth"] += 1
        self.real.saveState()

    def restoreState(self) -> None:  # noqa: N802
        self.calls.append(("restoreState", (), {}))
        self.__dict__["depth"] -= 1
        if self.font_depth is not None and self.depth < self.font_depth:  # back to the canvas's own font
            self.__dict__["font_depth"] = None
        self.real.restoreState()

    def picture(self, draw: Callable[..., None], *args: Any) -> None:
        """A picture drawn by `draw(canvas, *args)` (pdf_images.py), on the real canvas."""
        self.calls.append((PICTURE, (draw, *args), {}))
        draw(self.real, *args)

    def not_kept(self) -> None:
        self.__dict__["kept"] = False

    def recording(self) -> Recording | None:
        if not self.kept:
            return None
        return Recording(tuple(self.calls), tuple(self.assumes.items()), rl_config.invariant)


_NO_KEYWORDS: dict[str, Any] = {}


def _passed_on(name: str) -> Callable[..., Any]:
    def call(self: Recorder, *args: Any, **kwargs: Any) -> Any:
        self.calls.append((name, args, kwargs or _NO_KEYWORDS))
        return getattr(self.real, name)(*args, **kwargs)
    call.__name__ = name
    return call


for _name in CALLS - {"setFont", "saveState", "restoreState"}:
    setattr(Recorder, _name, _passed_on(_name))


def paint(drawing: Drawing, canvas: Canvas, walk: Callable[[Drawing, Any], None]) -> None:
    """Paint `drawing` on `canvas`: replay its recorded calls if it has them and they hold for this
    canvas, else `walk(drawing, canvas)` through a Recorder and keep what it recorded."""
    kept: Recording | None = drawing.__dict__.get(KEPT)
    if kept is not None and kept.holds(canvas):
        replay(kept.calls, canvas)
        return
    recorder = Recorder(canvas)
    if _draws_itself(drawing):
        recorder.not_kept()
    walk(drawing, recorder)
    if kept is None and (recording := recorder.recording()) is not None:
        drawing.__dict__[KEPT] = recording


def replay(calls: tuple[Call, ...], canvas: Canvas) -> None:
    for name, args, kwargs in calls:
        if name == PICTURE:
            args[0](canvas, *args[1:])
        elif name == SETATTR:
            setattr(canvas, *args)
        else:
            getattr(canvas, name)(*args, **kwargs)


def _draws_itself(drawing: Drawing) -> bool:
    """Whether a node of the tree draws itself or is made at draw time (it may do anything to the canvas)."""
    from reportlab.graphics.shapes import DirectDraw, Group, UserNode

    nodes: list[Any] = [drawing]
    while nodes:
        node = nodes.pop()
        if isinstance(node, (UserNode, DirectDraw)) or getattr(node, "_drawTimeCallback", None) is not None:
            return True
        if isinstance(node, Group):
            nodes.extend(node.contents)
    return False
