"""The booklet formats, in a module of their own so the CLI can list them without loading WeasyPrint."""

FORMATS = ("a5", "booklet-a4", "booklet-letter", "a4", "letter")
"""a5: the booklet's own pages; booklet-*: A5 pages imposed for fold-and-staple; a4/letter: plain."""
