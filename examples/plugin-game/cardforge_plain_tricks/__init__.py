"""Plain Tricks: follow suit if you can, the highest card of the led suit wins, each trick is a point.

A whole cardforge game in one file: a parameter schema, an engine (four hooks over cardforge's trick
engine) and the declaration cardforge finds through the `cardforge.games` entry point, which binds the
engine to each deck that names the game (its simulation capability).
"""

from __future__ import annotations

from functools import partial

from pydantic import Field

from cardforge.deck import Deck
from cardforge.games import Game
from cardforge.games.capabilities import GameCapabilities, Simulation
from cardforge.games.params import Params
from cardforge.games.tricks import GameRecord, HandRecord, HandState, TrickGame


class PlainTricksParams(Params):
    hands: int = Field(3, ge=1, le=20, description="hands in a game; most tricks in all wins")


class PlainTricks(TrickGame[HandState]):
    ruleset = "plain-tricks"

    def game_over(self, game: GameRecord) -> bool:
        return len(game.hands) >= self.params.hands

    def first_leader(self, st: HandState) -> int:
        return self.next_seat[st.dealer]

    def legal(self, st: HandState) -> list[int]:
        hand = st.hands[st.to_move]
        follow = [c * 2 for c in hand if st.trick and self.suit_of[c] == st.lead_colour]
        return follow or [c * 2 for c in hand]

    def apply(self, st: HandState, play: int) -> None:
        if not st.trick:
            st.lead_colour = self.suit_of[play >> 1]
        super().apply(st, play)

    def trick_winner(self, st: HandState) -> int:
        def strength(i: int) -> tuple[bool, int]:
            card = st.trick[i] >> 1
            return self.suit_of[card] == st.lead_colour, self.rank_of[card]

        return (st.leader + max(range(len(st.trick)), key=strength)) % self.players

    def score_hand(self, st: HandState, rec: HandRecord, game: GameRecord) -> list[int]:
        return list(st.won)


class PlainTricksGame(Game):
    id = "plain-tricks"
    title = "Plain Tricks"
    players = (2, 3, 4)
    params_schema = PlainTricksParams

    def bind(self, deck: Deck) -> GameCapabilities:
        return self.capabilities(simulation=Simulation(engine=partial(PlainTricks, deck)))


GAME = PlainTricksGame()
