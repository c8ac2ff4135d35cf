"""GREEEN MAFIA (RULES.md §4): missions, the solitaire engine, the exact solver, play and design.

Library entry points: `mission.mission_from_deck(deck)`, `engine.Game`, `solver.analyse(mission)`.
"""
