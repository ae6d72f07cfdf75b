"""The tarot base games' rules objects: Scarto (three players), Tarocchi (four, partners
opposite) and Conference (four, partners side by side): the table's size, the deal, what the
dealer may discard, the sides, and the tokens. The state they make is
:class:`games.tarot.base_games.TarotTableState`."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import ClassVar

from games.core import cards, decks
from games.core.actions import Action, Word, check_token
from games.core.base import Event, Rules, player
from games.core.errors import IllegalAction
from games.core.options import Option, OptionValue
from games.core.teaching import Example

from .. import guide as texts
from .. import pack, rule_sets
from ..moves import CardsMove
from ..pack import FOOL, HONOURS
from ..rule_sets import COURTSHIP_RULES, COURTSHIP_TITLES
from .state import LEGACY_SUMMON, NO_TRICK, PASS, SUMMONS, TarotTableState


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
        return self.deal_hand(state, 0)

    def deal_hand(self, state: TarotTableState, hand_no: int) -> TarotTableState:
        """A fresh shuffle (the stacked deck for the first hand), the same number of cards to each
        player one at a time, seat 0 first; the dealer takes the rest."""
        players = state.players
        dealer = (state.first_dealer + hand_no) % players
        pack_cards = decks.tarot(bool(state.options.get("good_and_evil")))
        order = decks.stack(pack_cards, state.deck if hand_no == 0 else None, decks.rng(state.seed, "deal", hand_no))
        dealt, rest = decks.deal_round(order, [self.hand_size] * players)
        hands = tuple(tuple(h) + (tuple(rest) if s == dealer else ()) for s, h in enumerate(dealt))
        line = Event(f"Hand {hand_no + 1}: {player(dealer)} deals and takes the last {len(rest)} cards", notable=True)
        fresh = dataclasses.replace(
            state, hand_no=hand_no, phase="discard", hands=hands, discard=(), shown=(), trick=NO_TRICK, taker=None,
            why="", piles=((),) * players, tricks_won=(0,) * players, played=(), fool=None, face_up=frozenset(),
            exposed=frozenset(), face_down=frozenset(), fool_holder=None, fool_aside=None, summoned=(), last_trick=None,
            log_from=len(state.log))
        return dataclasses.replace(fresh, log=fresh.with_events(line))

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
    suit = texts.suit_name(led)
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


def _refusal(card: str, aces: str) -> str | None:
    """The discard rule that stops a card other than the Fool (Aces with the rule ``aces`` says,
    where it says one)."""
    if card in HONOURS:
        return "The Magician and the World are Honours: Honours may not be discarded"
    if pack.is_king(card):
        return "Kings may not be discarded"
    if aces and is_ace(card):
        return aces
    return None


class ScartoRules(TarotTableRules):
    key = "scarto"
    title = "Scarto"
    player_counts = (3,)
    hand_size = 25
    discard_rule = "no Aces, Kings or Honours (the Fool only when you hold no other trump)"

    def discard_refusal(self, card: str, hand: tuple[str, ...], good_and_evil: bool) -> str | None:
        if card == FOOL:
            return "The Fool may be discarded only when you hold no other trump" if any(
                pack.is_trump(c) for c in hand) else None
        return _refusal(card, "Aces may not be discarded in Scarto")


class PartnershipRules(TarotTableRules):
    player_counts = (4,)
    hand_size = 19
    discard_rule = "no Kings or Honours (with Good and Evil, no Aces either)"

    def discard_refusal(self, card: str, hand: tuple[str, ...], good_and_evil: bool) -> str | None:
        if card == FOOL:
            return "The Fool is an Honour: Honours may not be discarded"
        return _refusal(card, "With the 80-card pack, Aces may not be discarded" if good_and_evil else "")


class TarocchiRules(PartnershipRules):
    key = "tarocchi"
    title = "Tarocchi"

    def side_of(self, seat: int) -> int:
        return seat % 2

    def partnerships(self, players: int) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))


class ConferenceRules(PartnershipRules):
    key = "conference"
    title = "Conference"
    table_talk = True

    def side_of(self, seat: int) -> int:
        return seat // 2

    def partnerships(self, players: int) -> tuple[tuple[int, ...], ...]:
        return ((0, 1), (2, 3))


__all__ = ["ConferenceRules", "ScartoRules", "TarocchiRules", "TarotTableRules"]
