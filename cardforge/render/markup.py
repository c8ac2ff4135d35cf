"""Card text markup -> the XML reportlab's paragraph parser reads, with every tag checked first.

A designer writes card text in YAML or a spreadsheet cell, so the markup is small and forgiving:
`<b>bold</b>`, `<i>italic</i>`, a line break as a new line or `<br>`, `<font color="#c0392b">` (also
`size="12"` and `name="lantern"`, a font of the deck), `:name:` for an icon (a built-in icon, a suit
of the deck or one of its `icons:`) and `<img src="art/coin.png">` for a picture of the deck's folder,
each one text-high. Everything else is text: `Fish & Chips` and `<3` print as written. A tag that is
not one of these, a `:name:` that names no icon and a tag left open are errors with a did-you-mean,
so a typo never prints as literal angle brackets. `&lt;`, `&amp;` and `&#58;` write `<`, `&` and `:`.
"""

from __future__ import annotations

import difflib
import html
import re
from collections.abc import Callable

from . import RenderError

TAGS: dict[str, tuple[str, ...]] = {"b": (), "i": (), "br": (), "font": ("color", "size", "name"), "img": ("src",)}
"""Tags card text may use, and their attributes."""
TAG_HELP = "(card text takes <b>, <i>, <br>, <font color= size= name=>, <img src=> and :icon:)"
ALIASES = {"bold": "b", "strong": "b", "italic": "i", "em": "i", "color": "font color=...", "colour": "font color=...",
           "span": "font", "image": "img", "p": "br", "break": "br"}
"""What a designer used to HTML or other card tools may write instead, for the did-you-mean."""
ICON_SRC = "icon:"
IMAGE_SRC = "image:"
"""`src` prefixes of the inline pictures handed to the parser (richtext.py draws them)."""
MAX_SIZE = 400.0

_TOKEN = re.compile(
    r"(?P<tag><(?P<close>/?)(?P<name>[A-Za-z][A-Za-z0-9]*)(?P<attrs>(?:\s+[^<>]*?)?)\s*(?P<selfclose>/?)>)"
    r"|(?P<entity>&(?:[A-Za-z][A-Za-z0-9]*|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});)"
    r"|(?P<icon>:(?P<icon_name>[A-Za-z][A-Za-z0-9_-]*):)"
    r"|(?P<newline>\r?\n)"
)
_ATTR = re.compile(r"""\s*([A-Za-z_][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""")
_ENTITIES = {"amp", "lt", "gt", "quot", "apos", "nbsp"}
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


class MarkupError(RenderError):
    """Card text whose markup cannot be read: an unknown tag or icon, a tag left open."""


def _hint(word: str, known: list[str]) -> str:
    close = difflib.get_close_matches(word, known, n=1)
    return f"; did you mean {close[0]!r}?" if close else ""


def _attributes(text: str, tag: str) -> dict[str, str]:
    found: dict[str, str] = {}
    rest = text
    while rest.strip():
        match = _ATTR.match(rest)
        if match is None:
            raise MarkupError(f"cannot read the attributes of <{tag}> ({rest.strip()[:40]!r}); write them as "
                              f'name="value"')
        name = match.group(1).lower()
        value = next(v for v in match.groups()[1:] if v is not None)
        if name not in TAGS[tag]:
            allowed = ", ".join(TAGS[tag]) or "none"
            raise MarkupError(f"<{tag}> has no attribute {name!r}{_hint(name, list(TAGS[tag]))} (it takes: {allowed})")
        found[name] = html.unescape(value)
        rest = rest[match.end():]
    return found


def _font_tag(attrs: dict[str, str], font_face: Callable[[str], str]) -> str:
    parts = []
    if "color" in attrs:
        if not _HEX.match(attrs["color"]):
            raise MarkupError(f"<font color={attrs['color']!r}>: a colour is written #rrggbb, e.g. #c0392b")
        parts.append(f'color="{attrs["color"]}"')
    if "size" in attrs:
        try:
            size = float(attrs["size"])
        except ValueError:
            size = -1.0
        if not 0 < size <= MAX_SIZE:
            raise MarkupError(f"<font size={attrs['size']!r}>: a size is a number of points, more than 0 and at "
                              f"most {MAX_SIZE:g}, e.g. 9")
        parts.append(f'size="{size:g}"')
    if "name" in attrs:
        parts.append(f'face="{html.escape(font_face(attrs["name"]))}"')
    return "<font " + " ".join(parts) + ">" if parts else "<font>"


def to_paragraph_xml(text: str, icon_names: Callable[[], list[str]], font_face: Callable[[str], str],
                     image_known: Callable[[str], None]) -> str:
    """`text` in reportlab's paragraph markup; raises MarkupError naming what is wrong.

    `icon_names()` lists the names `:name:` may use; `font_face(name)` is the registered face a
    `<font name=...>` starts (or raises); `image_known(src)` raises when `<img src>` names no usable file."""
    out: list[str] = []
    open_tags: list[str] = []
    at = 0
    known_icons: list[str] | None = None
    for match in _TOKEN.finditer(text):
        out.append(html.escape(text[at:match.start()], quote=False))
        at = match.end()
        if match.group("newline"):
            out.append("<br/>")
        elif match.group("entity"):
            entity = match.group("entity")
            out.append(entity if entity[1] == "#" or entity[1:-1] in _ENTITIES else html.escape(entity, quote=False))
        elif match.group("icon"):
            known_icons = icon_names() if known_icons is None else known_icons
            name = match.group("icon_name")
            if name not in known_icons:
                raise MarkupError(f"unknown icon :{name}:{_hint(name, known_icons)} (icons: built-in ones, the "
                                  "deck's suits and its `icons:`; write &#58; for a colon that is not an icon)")
            out.append(f'<img src="{ICON_SRC}{name}"/>')
        else:
            out.append(_tag(match, open_tags, font_face, image_known))
    out.append(html.escape(text[at:], quote=False))
    if open_tags:
        raise MarkupError(f"<{open_tags[-1]}> is never closed (add </{open_tags[-1]}>)")
    return "".join(out)


def _tag(match: re.Match[str], open_tags: list[str], font_face: Callable[[str], str],
         image_known: Callable[[str], None]) -> str:
    name = match.group("name").lower()
    if name not in TAGS:
        meant = ALIASES.get(name) or next(iter(difflib.get_close_matches(name, list(TAGS), n=1)), None)
        hint = f"; did you mean <{meant}>?" if meant else f" {TAG_HELP}"
        raise MarkupError(f"unknown tag <{match.group('close')}{match.group('name')}>{hint} (write &lt; for a < "
                          "that is not a tag)")
    if match.group("close"):
        if name in ("br", "img"):
            return ""
        if not open_tags or open_tags[-1] != name:
            expected = f"; </{open_tags[-1]}> comes first" if open_tags else ""
            raise MarkupError(f"</{name}> closes no open <{name}>{expected}")
        open_tags.pop()
        return f"</{name}>"
    attrs = _attributes(match.group("attrs"), name)
    if name == "br":
        return "<br/>"
    if name == "img":
        src = attrs.get("src")
        if not src:
            raise MarkupError('<img> needs src="...", a picture in the deck\'s folder')
        image_known(src)
        return f'<img src="{html.escape(IMAGE_SRC + src)}"/>'
    open_tags.append(name)
    if name == "font":
        return _font_tag(attrs, font_face)
    return f"<{name}>"


def plain_xml(text: str) -> str:
    """Plain text (no markup) in the parser's XML: escaped, new lines as breaks."""
    return html.escape(text, quote=False).replace("\r\n", "\n").replace("\n", "<br/>")
