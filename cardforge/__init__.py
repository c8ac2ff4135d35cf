"""cardforge: print-and-play card sheets, rules booklets and a rules validator for card games."""

__version__ = "0.1.0"
