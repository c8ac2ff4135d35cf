"""Card lists kept in a spreadsheet: `cards: [{table: cards.csv}]` becomes one card entry per row.

read.py turns a CSV, TSV, XLSX or ODS file into header and rows; cards.py maps columns to card
fields and splices the rows into the deck's `cards`, keeping each cell's file, row and column so
errors point at it. load.py calls `expand_tables` before validating the deck.
"""

from .cards import expand_tables

__all__ = ["expand_tables"]
"""The readers (read.py: `read_table`, `Table`, `SUFFIXES`) are imported from `cardforge.tables.read`
only when a deck has a table: a deck without one never loads them."""
