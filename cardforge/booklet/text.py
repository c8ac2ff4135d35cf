"""The deck's rules text: find it, fill in its placeholders in the sandbox, turn Markdown into HTML.

Order matters for safety. Placeholders are filled first, in Jinja2's sandbox; generated tables and
pictures go in as opaque markers (private-use characters), so the designer's text never contains
our HTML. Markdown is then rendered with raw HTML switched off, so any `<script>` a deck writes
comes out as visible text. Finally the markers are swapped for the generated HTML.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any

from jinja2 import TemplateError, TemplateSyntaxError
from markdown_it import MarkdownIt
from markupsafe import Markup

from ..budgets import (
    MAX_RULES_BLOCKS,
    MAX_RULES_CHARACTERS,
    MAX_RULES_HEADINGS,
    MAX_RULES_TABLE_ROWS,
    MAX_RULES_TEXT_BYTES,
)
from ..confine import read_limited
from ..deck import RULES_FILE, Deck
from ..names import ExplainedUndefined, MissingName
from ..paths import UnsafeReference
from ..templating import BoundedSandbox
from ..yaml_source import read_yaml
from .fetch import BookletError

_TEMPLATE_NAME = "<rules text>"
_OPEN, _CLOSE = "\ue000", "\ue001"
_MARK = re.compile(f"{_OPEN}(\\d+){_CLOSE}")
_BLOCK_PARAGRAPH = re.compile(f"<p>{_OPEN}(\\d+){_CLOSE}</p>")


@dataclass(frozen=True)
class RulesSource:
    """Rules text and where it came from, so errors can point at file:line:col."""

    text: str
    file: Path
    first_line: int = 1

    def where(self, line: int, column: int = 1) -> str:
        return f"{self.file}:{self.first_line + line - 1}:{column}"

    def locate(self, needle: str, line: int | None = None) -> str:
        """Position of `needle` in the text (on `line` if given, else its first occurrence)."""
        lines = self.text.splitlines()
        if line is not None and 1 <= line <= len(lines):
            col = lines[line - 1].find(needle)
            return self.where(line, col + 1 if col >= 0 else 1)
        for number, text in enumerate(lines, 1):
            if needle in text:
                return self.where(number, text.index(needle) + 1)
        return self.where(line or 1)


def find_rules_source(deck: Deck) -> RulesSource:
    """`rules_text` in the deck (inline Markdown or a `.md` file name), else `rules.md` beside the
    deck or beside the deck it extends."""
    inline = deck.spec.rules_text
    if inline is not None and len(inline.encode("utf-8")) > MAX_RULES_TEXT_BYTES:
        raise BookletError(f"{_yaml_where(deck)}the inline rules text is longer than {MAX_RULES_TEXT_BYTES:,} bytes")
    if inline is not None and "\n" not in inline.strip() and inline.strip().endswith(".md"):
        return _read_file(deck, inline.strip(), _yaml_where(deck))
    if inline is not None:
        for path in reversed(deck.chain):
            location = read_yaml(path).sources.locate(("rules_text",))
            if location is not None:
                return RulesSource(inline, path, location.line + (1 if inline.count("\n") else 0))
        return RulesSource(inline, deck.path)
    return _read_file(deck, RULES_FILE, "")


def _yaml_where(deck: Deck) -> str:
    for path in reversed(deck.chain):
        location = read_yaml(path).sources.locate(("rules_text",))
        if location is not None:
            return f"{location}: rules_text: "
    return ""


def _read_file(deck: Deck, reference: str, where: str) -> RulesSource:
    try:
        path = deck.resolve_file(reference)
    except UnsafeReference as exc:
        if reference == RULES_FILE and "no such file" in str(exc):
            raise BookletError(f"{deck.path}:1:1: no rules text; write {RULES_FILE} beside deck.yaml "
                               "or set `rules_text`") from None
        raise BookletError(f"{where}{exc}") from None
    try:
        raw = read_limited(path, MAX_RULES_TEXT_BYTES, reference)
    except UnsafeReference as exc:
        raise BookletError(f"{where or str(path) + ': '}{exc}") from None
    try:
        return RulesSource(raw.decode("utf-8"), path)
    except UnicodeDecodeError as exc:
        raise BookletError(f"{path}: rules text must be UTF-8 ({exc.reason} at byte {exc.start})") from None


# ---------------------------------------------------------------- placeholders


class Marker:
    """Stands in for generated HTML while the designer's text is filled in and rendered."""

    def __init__(self, registry: list[Markup], html: Markup) -> None:
        self.index = len(registry)
        registry.append(html)

    def __str__(self) -> str:
        return f"{_OPEN}{self.index}{_CLOSE}"

    __html__ = __str__


_ENV = BoundedSandbox(undefined=ExplainedUndefined, autoescape=False, keep_trailing_newline=True)


def _template_line(tb: TracebackType | None) -> int | None:
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == _TEMPLATE_NAME:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def fill_placeholders(source: RulesSource, context: dict[str, Any]) -> str:
    """Render `{{ ... }}` in the sandbox; any failure is a BookletError at the placeholder's line."""
    text = source.text.replace(_OPEN, "").replace(_CLOSE, "")
    try:
        return _render(text, context)
    except TemplateSyntaxError as exc:
        raise BookletError(f"{source.locate('{', exc.lineno)}: {exc.message}") from None
    except MissingName as exc:
        line = _template_line(exc.__traceback__)
        where = source.locate(exc.name, line) if line else str(source.file)
        reason = exc.with_names(context) if exc.owner is None else exc.message
        raise BookletError(f"{where}: cannot fill in placeholder: {reason}") from None
    except TemplateError as exc:
        line = _template_line(exc.__traceback__)
        where = source.locate("{{", line) if line else str(source.file)
        raise BookletError(f"{where}: cannot fill in placeholder: {exc}") from None


def _render(text: str, context: dict[str, Any]) -> str:
    code = _ENV.compile(text, _TEMPLATE_NAME, _TEMPLATE_NAME)
    return _ENV.template_class.from_code(_ENV, code, _ENV.make_globals(None)).render(context)


# ---------------------------------------------------------------- markdown


@dataclass
class RulesHTML:
    """The rules body as HTML, its headings (for the contents list) and the files it shows."""

    html: Markup
    headings: list[tuple[int, str, str]] = field(default_factory=list)
    images: dict[str, str] = field(default_factory=dict)


_LINK_SCHEMES = ("http://", "https://", "mailto:", "#")


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "typographer": True}).enable(["table", "strikethrough"])
    md.validateLink = lambda url: True  # type: ignore[method-assign]  # every link is checked below, with a message
    return md


def _slug(text: str, seen: dict[str, int]) -> str:
    """A heading's anchor, unique in the text: `rules`, then `rules-2`, `rules-3`, ...

    `seen` maps each slug given out to the next number to try for its text, so a thousand headings of
    one name cost a thousand steps, not half a million."""
    base = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"
    slug, n = base, seen.get(base, 2)
    while slug in seen:
        slug, n = f"{base}-{n}", n + 1
    if slug != base:
        seen[base] = n
    seen.setdefault(slug, 2)
    return slug


def markdown_html(filled: str, source: RulesSource, deck: Deck, blocks: list[Markup]) -> RulesHTML:
    """Markdown -> HTML; headings get ids, images are checked and pointed at their real files."""
    md = _markdown()
    tokens = md.parse(filled)
    check_layout_budget(tokens, filled, source, blocks)
    result = RulesHTML(Markup(""))
    seen: dict[str, int] = {}
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            title = _MARK.sub("", tokens[i + 1].content).strip()
            slug = _slug(title, seen)
            token.attrSet("id", slug)
            result.headings.append((int(token.tag[1]), title, slug))
        for child in token.children or []:
            if child.type == "link_open":
                href = str(child.attrGet("href") or "")
                if not href.lower().startswith(_LINK_SCHEMES):
                    raise BookletError(f"{source.locate(href)}: link {href!r} is not allowed; "
                                       "links may be http(s), mailto: or #section")
            if child.type == "image":
                raw = _raw_reference(child, filled)
                where = source.locate(raw)
                try:
                    path = deck.resolve_file(raw)
                except UnsafeReference as exc:
                    raise BookletError(f"{where}: image {exc}") from None
                child.attrSet("src", path.as_uri())
                result.images[path.as_uri()] = where
    html = md.renderer.render(tokens, md.options, {})
    block = lambda m: str(blocks[int(m.group(1))]) if int(m.group(1)) < len(blocks) else ""  # noqa: E731
    html = _MARK.sub(block, _BLOCK_PARAGRAPH.sub(block, html))
    result.html = Markup(html)
    return result


_BLOCKS = {"heading_open", "paragraph_open", "list_item_open", "tr_open", "fence", "code_block", "hr"}
_HTML_BLOCK = re.compile(r"<(?:h[1-6]|p|li|tr|pre|hr)\b")
_HTML_HEADING = re.compile(r"<h[1-6]\b")


def check_layout_budget(tokens: list[Any], filled: str, source: RulesSource, blocks: list[Markup]) -> None:
    """Refuse rules text whose layout would take minutes, before WeasyPrint starts: headings, table
    rows, blocks and characters are counted once placeholders are filled in, generated tables too
    (docs/security.md, "Budgets"). The refusal names the line where the limit was passed."""
    lines = max(1, source.text.count("\n") + 1)

    def refuse(what: str, limit: int, token: Any) -> BookletError:
        line = min(token.map[0] + 1, lines) if token.map else lines
        return BookletError(f"{source.where(line)}: the rules text has more than {limit:,} {what}; a booklet "
                            f"may have at most {limit:,} (see docs/security.md)")

    headings = rows = count = 0
    block_token: Any = None
    for token in tokens:
        if token.map:
            block_token = token
        generated = [str(blocks[int(m.group(1))]) for m in _MARK.finditer(token.content or "")
                     if int(m.group(1)) < len(blocks)] if token.type == "inline" else []
        headings += (token.type == "heading_open") + sum(len(_HTML_HEADING.findall(html)) for html in generated)
        rows += (token.type == "tr_open") + sum(html.count("<tr") for html in generated)
        count += (token.type in _BLOCKS) + sum(len(_HTML_BLOCK.findall(html)) for html in generated)
        for what, value, limit in (("headings", headings, MAX_RULES_HEADINGS),
                                   ("table rows", rows, MAX_RULES_TABLE_ROWS),
                                   ("paragraphs, list items, headings and table rows", count, MAX_RULES_BLOCKS)):
            if value > limit:
                raise refuse(what, limit, block_token)
    if len(filled) > MAX_RULES_CHARACTERS:
        where = source.where(lines)
        raise BookletError(f"{where}: the rules text fills in to {len(filled):,} characters; a booklet may have "
                           f"at most {MAX_RULES_CHARACTERS:,} (see docs/security.md)")


def _raw_reference(token: Any, text: str) -> str:
    """The image reference as the designer wrote it (markdown-it normalises and %-encodes `src`)."""
    from urllib.parse import unquote

    src = str(token.attrGet("src") or "")
    decoded = unquote(src)
    return decoded if decoded in text else src
