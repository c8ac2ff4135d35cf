"""How much work a deck may ask for: every limit a stranger's deck runs into, in one place.

A deck is data from someone we do not know, so every quantity it controls that turns into work
(cards to expand, template output, loop turns, file sizes, image pixels, processes) has a ceiling
here. Each ceiling is far above what a real deck needs (the bundled decks use a small fraction of
each) and low enough that a deck at the limit finishes in seconds and a few hundred MB.
docs/security.md explains the trust model and lists these figures.
"""

from __future__ import annotations

import os

MAX_CARDS = 10_000
"""Printed cards per deck, counted while rank ranges expand (before any list is built)."""

MAX_YAML_BYTES = 1_000_000
"""Size of one deck file."""

MAX_YAML_DEPTH = 40
"""Nesting of mappings and lists in a deck file (a real deck nests about 8 deep)."""

MAX_YAML_VALUES = 200_000
"""Values a deck file expands to, aliases included."""

MAX_EXTENDS_DEPTH = 8
"""Decks in one `extends` chain, the deck itself included."""

MAX_RULES_TEXT_BYTES = 512 * 1024
"""Rules text read from a file or written inline (the bundled rules are under 5 kB each)."""

MAX_TEMPLATE_CHARS = 1_000_000
"""Characters any single placeholder template may produce, and any string it may build on the way."""

MAX_RULES_HEADINGS = 60
"""Headings in the rules text once filled in (a bundled rules text has about ten; each heading is a
contents line and a place the layout keeps with what follows)."""

MAX_RULES_TABLE_ROWS = 400
"""Table rows in the rules text once filled in, generated tables included (a table is kept on one
page when it can be, so the layout tries every row against every page break)."""

MAX_RULES_BLOCKS = 1_500
"""Paragraphs, list items, headings, table rows and code blocks in the rules text once filled in (a
bundled rules text has under fifty)."""

MAX_RULES_CHARACTERS = 250_000
"""Characters of rules text once placeholders are filled in (about a hundred booklet pages)."""

MAX_TEMPLATE_STEPS = 50_000
"""Loop turns plus calls (macros, filters, methods) in one template render."""

MAX_DECK_TEMPLATE_STEPS = 2_000_000
"""Loop turns plus calls over all of one deck's renders (every face and the rules text)."""

MAX_TEMPLATE_DEPTH = 25
"""Nested calls (a macro calling itself) in one template render."""

MAX_TEMPLATE_RANGE = 10_000
"""Items `range()` may produce inside a template."""

MAX_FORMAT_WIDTH = 1_000
"""Width or precision a format (`'%9s'`, `'{:>9}'`, `center(9)`) may pad to."""

MAX_IMAGE_PIXELS = 25_000_000
"""Pixels in one image, read from its header before any decoding (a tarot card with bleed at 1200 dpi
is 21 MP; decoding the largest allowed image in process then stays within a few hundred MB)."""

MAX_IMAGE_BYTES = 64 * 1024 * 1024
"""Size of one image file."""

IMAGE_WORKER_MEMORY = 1536 * 1024 * 1024
"""Address space of the process that decodes images to verify them."""

MAX_FONT_BYTES = 32 * 1024 * 1024
"""Size of one font file a deck brings (`fonts:`); the bundled Japanese font is 4 MB."""

MAX_DECK_FONT_FILES = 16
"""Font files one deck may bring (`fonts:`, every face counted)."""

MAX_FONT_GLYPHS = 6_000
"""Glyphs of an OpenType font with PostScript outlines, which are converted to TrueType outlines to
embed them (about a second for this many); a TrueType font is embedded as it is."""

MAX_CARD_TEXT_CHARS = 4_000
"""Characters one text element of a card may set (after its placeholders are filled in): a poker card
holds about 1,500 at 6 pt; each character costs parsing, line breaking and fitting."""

MAX_LOG_BYTES = 256 * 1024 * 1024
"""Size of a game log that `replay` reads."""

MAX_TABLE_BYTES = 5_000_000
"""Size of one card table file (.csv, .tsv, .xlsx, .ods)."""

MAX_UNPACKED_BYTES = 50_000_000
"""Size of a workbook once unzipped (.xlsx and .ods are zip files; a small one can unpack to gigabytes).
Its XML is read as a stream, never held whole."""

MAX_TABLE_ROWS = 5_000
"""Card rows in one table, after a spreadsheet's repeated rows are counted out."""

MAX_TABLE_COLUMNS = 1_000
"""Columns a table row may have values in (a card list uses a dozen or two)."""

MAX_TABLE_CELLS = 250_000
"""Cells a workbook's sheet may write out, each repeat count counted once (its parse is the work: a
fully written 5,000 x 50 table); an .xlsx file's shared strings and other parts read whole, likewise."""

MAX_CELL_CHARS = 10_000
"""Characters in one table cell (a card's whole rules text is a few hundred)."""

MAX_COPIES = 500
"""Copies one table row may ask for with `count` (the copies still count towards MAX_CARDS)."""


def core_count() -> int:
    """Processors this process may run on (affinity-aware where the OS says so)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def capped_jobs(requested: int, force: bool = False) -> int:
    """`--jobs` at most the core count, unless the user forces more (each job is a whole process)."""
    if requested < 1:
        raise ValueError("--jobs must be at least 1")
    return requested if force else min(requested, core_count())
