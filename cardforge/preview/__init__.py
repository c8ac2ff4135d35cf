"""`cardforge preview DECK`: a page on 127.0.0.1 with every face at real size, the sheets, the
booklet and the check, updated within a second of saving a deck file (server.py)."""
