"""The two-player tarot games' rules object (Manchester Piccadilly and Manchester Truffle, whose
own rules name the second part): the table, a new game, the example /rules opens with and the
tokens. The state it makes is :class:`games.tarot.manchester.state.ManchesterState`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from games.core import cards, decks
from games.core.actions import Action, check_token
from games.core.base import Rules, State
from games.core.errors import IllegalAction
from games.core.options import Option, OptionValue
from games.core.teaching import Example

from .. import pack
from ..guide import suit_name
from ..moves import CardsMove
from ..pack import FOOL
from .hand import choose_hand
from .state import ManchesterState


def example_caption(state: ManchesterState, seat: int) -> str:
    """What the example pictures, from the seat to move: the moment it faces, in a line."""
    position = state.to_play
    assert position is not None
    part = "Manchester" if state.phase == "play1" else ("Truffle" if state.truffle else "Piccadilly")
    trick = f"trick {len(state.won) + 1} of {part}"
    kind = state.moment(seat)
    led = state.trick.led_card((FOOL,))
    suit = suit_name(led)
    first = state.trick.leader
    leader = state.position_name(first) if state.owner(first) != seat else state.whose(first, seat)
    leader = "you" if leader == "your hand" else leader
    if kind in ("dummy", "truffle-dummy"):
        return f"Your turn in {trick}, playing from {state.whose(position, seat)}, face up for both of you"
    if kind == "trump":
        return f"Your turn in {trick}: {leader} led {suit} and you have none, so you must trump (K-2)"
    if kind == "follow":
        return f"Your turn in {trick}: follow {suit}, high to take the trick or low to keep your strength"
    if kind == "trumps-led":
        return f"Your turn in {trick}: {leader} led a trump, so you must play a higher one if you can (K-2)"
    if kind in ("lead", "lead-winner"):
        return f"Your turn to lead {trick}: any card may go"
    return f"Your turn in {trick}"


class ManchesterRules(Rules):
    """Both games; the subclass names which second part follows Manchester."""

    player_counts = (2,)
    card_order = pack.ORDER
    family: ClassVar[cards.Family] = "tarot"
    options = (Option("first_dealer", "seat", None, "Who deals the first hand"),)
    # The example /rules opens with: the Normal computer's first moves of a game from this seed,
    # up to a moment of the second part (the tests hold them to what the computer plays).
    example_seed: ClassVar[int] = 1
    example_moves: ClassVar[tuple[str, ...]] = ()

    def example(self) -> Example[State]:
        """The Normal computer's first moves from ``example_seed`` (``example_moves``: both discards,
        the ten tricks of Manchester and into the second part), at a seat with a real choice."""
        state = self.new_game(2, seed=self.example_seed)
        assert isinstance(state, ManchesterState)
        for token in self.example_moves:
            state = state.apply(min(state.to_move), token)
        seat = min(state.to_move)
        return Example(state, seat, example_caption(state, seat))

    def _new_game(self, players: int, seed: int, options: Mapping[str, OptionValue],
                  deck: tuple[str, ...] | None) -> ManchesterState:
        first = options["first_dealer"]
        dealer = int(first) if isinstance(first, int) else decks.rng(seed, "dealer").randrange(2)
        state = ManchesterState(rules=self, players=players, seed=seed, options=dict(options), deck=deck,
                                dealer=dealer)
        return state.dealt(0)

    def parse_action(self, token: str) -> Action:
        check_token(token)
        verb, _, arg = token.partition(":")
        if verb == "choose" and arg in ("0", "1"):
            return choose_hand(int(arg))
        named = cards.split(arg)
        if verb in ("play", "discard") and named and all(cards.is_card(c, "tarot") for c in named) and (
                verb == "discard" or len(named) == 1) and len(set(named)) == len(named):
            return CardsMove(verb, tuple(named))
        raise IllegalAction(f"{token!r} is not a move here (play:<card>, discard:<three cards> or choose:0/1)")
