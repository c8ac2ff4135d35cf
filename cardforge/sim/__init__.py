"""The rules validator for trick-taking decks: simulated players, seeded parallel runs, logs,
replays and balance reports.

Library use (what `cardforge simulate` does):

    from cardforge.sim.run import simulate
    result = simulate(deck, players=4, games=2000, seed=1, agents=["heuristic", "random", "random", "random"],
                      jobs=2, log_path=Path("games.jsonl"))
    result.to_json()          # the report dict (`cardforge simulate --json`)
    result.outcomes[i]        # GameOutcome: scores, winners, hands, plays, ruleset figures of game i
    result.wins(), result.shares(seat)

Intervals and tests live in `stats` (wilson, rate_difference, mean_difference, chi2_sf,
seat_fairness, describe); `replay.Replayer().check(game_dict)` replays a logged game through the
engine and raises RuleError at the first step the rules disagree with.
"""
