"""The rules booklet: the deck's rules text filled with facts, tables and examples from the game,
laid out as HTML and printed to PDF by WeasyPrint (imported only when a booklet is made)."""
