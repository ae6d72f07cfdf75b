"""What the two-player tarot games tell a learner, in plain words: why a held card may not go now
(the trick's rules, whose turn it is between a hand and a dummy, the discard and the cards laid
aside) and the coach's line for each kind of moment (docs/rules/tarot.md). Pure functions of what
the state passes in."""

from __future__ import annotations

from collections.abc import Sequence

from games.core import cards
from games.core.actions import Pick
from games.core.tricks import Trick

from .. import pack
from ..guide import SUIT_ORDER, suit_name
from ..pack import FOOL, HONOURS
from .hand import Refusal, best_trump

# What a newcomer is told, once for each kind of moment: general words that name no card.
COACHING: dict[str, str] = {
    "discard": ("Put three cards face down on your own pile: their points are yours already. Trumps, Honours "
                "and Kings may go only if nothing else can"),
    "lay-aside": ("Lay three cards face up on your pile before the dummy is shown: they are yours if you win a "
                  "trick this part. No Honours or Kings"),
    "choose": ("Two hands are yours: keep one to hold and the other becomes your dummy, face up. You play both, "
               "and both win tricks for you"),
    "lead": ("You lead: any card; the other follows suit, else trumps. Here the lead takes turns, whoever wins "
             f"(K-5). Suits run {SUIT_ORDER}"),
    "lead-winner": ("You lead: any card. Now the trick's winner leads the next, and every trick you take is a "
                    "point besides the points in it"),
    "dummy": ("You play your dummy's cards as well as your hand's: it is face up for both of you, and its "
              "tricks count for you"),
    "truffle-dummy": ("You play the dummy this trick (you take turns with it). A trick the dummy wins counts "
                      "for nobody: use it to beat or to bury points"),
    "after-fool": ("The Fool was led: it can never win, so your card sets the suit the next player must follow "
                   "(K-3)"),
    "follow": (f"Follow the suit led ({SUIT_ORDER}). Play high to take the trick and its points, or low to keep "
               "your strong cards for later"),
    "trumps-led": ("Trumps were led: you must play a trump, higher than the best one in the trick if you can. "
                   "With no trump at all, play anything"),
    "trump": ("You have none of the suit led, so you must play a trump, higher than any trump already in the "
              "trick if you can. The highest trump wins"),
    "throw": "You hold neither the suit led nor a trump: any card may go, but it cannot win. Give one worth little",
    "excuse": ("You hold the Fool: it may go instead of the card you owe. It never wins, comes back to you, and "
               "costs you a cheap card at the end (K-3)"),
    "fool-last": ("You hold the Fool with two tricks to go: played to the last trick of this part it is lost (K-6), "
                  "so this is its last chance to come home"),
}


def honour(card: str) -> str:
    """A card as the start of a sentence: "The Fool", "T21", "Ks"."""
    return "The Fool" if card == FOOL else cards.short(card, "tarot")


def trick_refusal(kind: Refusal, where: str, turn: str, trick: Trick) -> str:
    """The rule that stops a card of the position ``where`` names to the seat playing from it
    ("your hand", "your dummy", "the dummy"), while ``turn`` names the position to play."""
    if kind in ("played", "later"):
        when = "has played to this trick already" if kind == "played" else "plays later in this trick"
        return f"It is {turn}'s turn: {where} {when}"
    mine = where == "your hand"
    subject, it = ("You", "you") if mine else (where[0].upper() + where[1:], "it")
    led = trick.led_card((FOOL,))
    suit = suit_name(led)
    if kind == "follow":
        after_fool = bool(trick.plays) and trick.plays[0][1] == FOOL
        return f"{subject} must follow {suit}" + (": the Fool was led, so the next card set the suit (K-3)"
                                                  if after_fool else "")
    if kind == "trump":
        if suit == "trumps":
            return f"Trumps were led: {'you' if mine else where} must play a trump (K-2)"
        return f"{'You have' if mine else subject + ' has'} no {suit}: {it} must play a trump (K-2)"
    best = best_trump(trick)
    shown = cards.short(best, "tarot") if best is not None else "the best trump"
    return f"{subject} must beat {shown} with a higher trump while {it} {'hold' if mine else 'holds'} one (K-2)"


def discard_refusal(card: str, laying_aside: bool) -> str:
    """Why a card may not be discarded (laid aside, in Truffle's second part), in plain words."""
    if laying_aside:
        what = "an Honour" if card in HONOURS else "a King"
        return f"{honour(card)} is {what}: Honours and Kings may not be laid aside"
    when = "only when you have nothing else to give"
    if card in HONOURS:
        return f"{honour(card)} is an Honour: Honours may be discarded {when}"
    if pack.is_king(card):
        return f"Kings may be discarded {when}"
    return f"Trumps may be discarded {when}"


def discard_refusals(hand: Sequence[str], pick: Pick, laying_aside: bool) -> dict[str, str]:
    """The cards of a discard's hand that may not be chosen: the kept ones (trumps, Honours and
    Kings in the first part; Honours and Kings laid aside in Truffle), or, when every card that
    may go must, those."""
    out: dict[str, str] = {}
    for card in hand:
        if card in pick.fixed:
            out[card] = ("It goes anyway: you hold fewer than three cards that are not trumps, Honours or "
                         "Kings, so all of those go")
        elif card not in pick.cards:
            out[card] = discard_refusal(card, laying_aside)
    return out
