"""Independent oracles: the hand-written engines the bundled trick-taking games had before they were
declared (cardforge/games/declared/). They state the rules a second time on purpose, from
docs/rules-readings.md, so the conformance and cross-replay tests can compare the declared games'
compiled rules with something they were not derived from."""
