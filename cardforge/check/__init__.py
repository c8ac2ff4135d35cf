"""The pre-print gate: every check that applies to a deck, each with a verdict and a reason."""
