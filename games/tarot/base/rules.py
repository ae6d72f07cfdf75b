"""What the tarot base games' rules objects share: the options (the rule sets), a new game, the
example /rules opens with, the tokens, and what the dealer may discard. Each game's own rules
(``games/scarto``, ``games/tarocchi``, ``games/conference``) give the table's size, the hand, the
discard's limits and the sides. The state they make is :class:`games.tarot.base.state.TarotTableState`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from games.core import cards, decks
from games.core.actions import Action, Word, check_token
from games.core.base import Rules, player
from games.core.errors import IllegalAction
from games.core.options import Option, OptionValue
from games.core.teaching import Example

from .. import guide, pack, rule_sets
from ..moves import CardsMove
from ..pack import FOOL, HONOURS
from ..rule_sets import COURTSHIP_RULES, COURTSHIP_TITLES
from .between_tricks import LEGACY_SUMMON, PASS, SUMMONS
from .state import TarotTableState


class TarotTableRules(Rules):
    """Scarto, Tarocchi and Conference: a subclass gives the table's size, the hand, the discard's
    limits and the sides."""

    card_order = pack.ORDER
    family: ClassVar[cards.Family] = "tarot"
    hand_size: ClassVar[int]
    discard_rule: ClassVar[str]
    # The example /rules opens with: the computer's first moves of a game from this seed.
    example_seed: ClassVar[int] = 1
    example_moves: ClassVar[tuple[str, ...]] = ()
    options = (
        Option("first_dealer", "seat", None, "Who deals the first hand"),
        Option("ruleset", "choice", "plain", "Rule set: plain, tontine, last-laugh or courtship",
               choices=rule_sets.RULESETS),
        Option("good_and_evil", "bool", False, "Add Good and Evil, two equal trumps under the Magician (80 cards)"),
        Option("tontine_claims", "choice", "manual",
               "Tontine: claim the last cards yourself (manual) or let the bot keep them face up (auto)",
               choices=("manual", "auto"), requires=("ruleset", "tontine")),
        *(Option(name, "bool", True, f"Courtship: play with {COURTSHIP_TITLES[name]}",
                 requires=("ruleset", "courtship")) for name in COURTSHIP_RULES),
    )

    def side_of(self, seat: int) -> int:
        return seat

    def example(self) -> Example[TarotTableState]:
        """The Normal computer's first moves from ``example_seed`` (``example_moves``, the dealer's
        discard then the first tricks), stopping at a seat with a real choice to make."""
        state = self.new_game(self.player_counts[0], seed=self.example_seed)
        assert isinstance(state, TarotTableState)
        for token in self.example_moves:
            (seat,) = state.to_move
            state = state.apply(seat, token)
        (seat,) = state.to_move
        return Example(state, seat, example_caption(state, seat))

    def extra_cards(self, good_and_evil: bool) -> int:
        """How many cards the dealer takes after the deal, and discards."""
        return len(decks.tarot(good_and_evil)) - self.hand_size * min(self.player_counts)

    def may_discard(self, card: str, hand: tuple[str, ...], good_and_evil: bool) -> bool:
        return self.discard_refusal(card, hand, good_and_evil) is None

    def discard_refusal(self, card: str, hand: tuple[str, ...], good_and_evil: bool) -> str | None:
        """Why the dealer may not discard ``card`` from ``hand``, in plain words (None: they may)."""
        raise NotImplementedError

    def _new_game(self, players: int, seed: int, options: Mapping[str, OptionValue],
                  deck: tuple[str, ...] | None) -> TarotTableState:
        first = options["first_dealer"]
        dealer = int(first) if isinstance(first, int) else decks.rng(seed, "dealer").randrange(players)
        state = TarotTableState(rules=self, players=players, seed=seed, options=dict(options), deck=deck,
                                first_dealer=dealer, scores=(0,) * players)
        return state.dealt(0)

    def parse_action(self, token: str) -> Action:
        check_token(token)
        if token in (*SUMMONS, PASS, LEGACY_SUMMON):
            return Word(token)
        verb, _, arg = token.partition(":")
        if verb == "claim" and arg == "none":
            return CardsMove("claim", ())
        named = cards.split(arg)
        one = verb in ("play", "give")
        if verb in ("play", "discard", "claim", "give") and named and len(set(named)) == len(named) and all(
                cards.is_card(c, "tarot") for c in named) and (not one or len(named) == 1):
            return CardsMove(verb, tuple(named))
        raise IllegalAction(f"{token!r} is not a move here (play:<card>, discard:<cards>, claim:<cards> or "
                            "claim:none, give:<card>, summon:J, summon:C or pass)")


def example_caption(state: TarotTableState, seat: int) -> str:
    """What the example pictures, from the seat to move: the moment it faces, in a line."""
    trick = f"trick {state.trick_no}"
    moment = state.moment(seat)
    led = state.trick.led_card((FOOL,))
    suit = guide.suit_name(led)
    if moment == "trump":
        leader = player(state.trick.leader)
        return f"Your turn in {trick}: {leader} led {suit} and you have none, so you must trump (K-2)"
    head = state.heading()
    if moment == "partner" and head is not None:
        card = cards.short(dict(state.trick.plays)[head], "tarot")
        return f"Your turn in {trick}: your partner {player(head)} is winning it with {card}, so you may add points"
    if moment == "follow":
        return f"Your turn in {trick}: follow {suit}, high to take the trick or low to keep your strength"
    if not state.trick.plays:
        return f"Your turn to lead {trick}: any card may go"
    return f"Your turn in {trick}"


def is_ace(card: str) -> bool:
    return rule_sets.is_suit_card(card) and rule_sets.rank(card) == "A"


def barred_from_discard(card: str, aces: str) -> str | None:
    """The discard rule that stops a card other than the Fool (Aces with the rule ``aces`` says,
    where it says one)."""
    if card in HONOURS:
        return "The Magician and the World are Honours: Honours may not be discarded"
    if pack.is_king(card):
        return "Kings may not be discarded"
    if aces and is_ace(card):
        return aces
    return None


class PartnershipRules(TarotTableRules):
    """Tarocchi and Conference: four players in two partnerships, nineteen cards each."""

    player_counts = (4,)
    hand_size = 19
    discard_rule = "no Kings or Honours (with Good and Evil, no Aces either)"

    def discard_refusal(self, card: str, hand: tuple[str, ...], good_and_evil: bool) -> str | None:
        if card == FOOL:
            return "The Fool is an Honour: Honours may not be discarded"
        return barred_from_discard(card, "With the 80-card pack, Aces may not be discarded" if good_and_evil else "")


__all__ = ["PartnershipRules", "TarotTableRules", "barred_from_discard", "example_caption"]
