"""What the tarot base games tell a learner, in plain words: why a held card may not go now (the
trick's rules, the dealer's discard, the Butt's card, Tontine's claims) and the coach's line for
each kind of moment (docs/rules/tarot.md). Pure functions of what the state passes in, so that the
state asks here and nothing here asks the state."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.core import cards
from games.core.actions import Pick
from games.core.tricks import Trick

from .. import pack, rule_sets
from ..guide import SUIT_ORDER, suit_name
from ..pack import FOOL

# -- the coach's lines (one per kind of moment) ---------------------------------------------------
# General words for someone who has never played: no card is named, and the Fool only to the seat
# that holds it (its holder's moments: "excuse", "fool-wait", "fool-due", "butt").
COACHING: dict[str, str] = {
    "discard": "",  # see discard_line
    "lead": ("You lead: any card. The others follow its suit, else trump; the top trump, or else the top card of "
             f"the suit ({SUIT_ORDER}), wins"),
    "tontine-lead": ("In Tontine a group's points go to its last card played, if the trick's winner left it face "
                     "up. Lead any card: the others follow suit, else trump"),
    "follow": (f"Follow the suit led ({SUIT_ORDER}). Play high to take the trick and its points, or low to keep "
               "your strong cards for later tricks"),
    "trumps-led": ("Trumps were led: you must play a trump, higher than the best one in the trick if you can. "
                   "With no trump at all, play anything"),
    "trump": ("You have none of the suit led, so you must play a trump, beating any trump already in the trick "
              "if you can. The highest trump wins"),
    "throw": ("You hold neither the suit led nor a trump: any card may go, but it cannot win. Give away one "
              "worth little"),
    "partner": ("Your partner {partner} is winning this trick: no need to beat them. Add a card with points if "
                "it looks safe"),
    "excuse": ("You hold the Fool: it may go instead of the trump you owe. It never wins, comes back to you, and "
               "costs you a cheap card at the end (K-3)"),
    "fool-wait": ("You hold the Fool. Under the Last Laugh it may not be led: it stays in your hand until a lead "
                  "forces it, or the last trick, which it wins"),
    "fool-due": ("The Last Laugh: the Fool must go now. Whoever takes this trick is the Butt, who takes the Fool "
                 "into hand and gives a card for it"),
    "butt": ("You took the Fool, so you are the Butt: it goes into your hand, and one of the cards offered goes "
             "on your pile in its place"),
    "tontine-claim": ("You won the trick: choose which of its cards to leave face up. One scores if it stays the "
                      "last of its group played; a claim costs nothing"),
    "summons": ("Your trick holds a King: call its Jack or its Cavalier, or pass. A servant called from a hand "
                "takes the place of its holder's card in the trick (K-16)"),
    "queens-ruff": ("Queen's Ruff: the Queen of the suit led is in this trick (not as its lead), so that suit's "
                    "Jack played now takes it over every trump"),
    "royal-marriage": ("Royal Marriage: the King of the suit led is in this trick, so that suit's Queen played now "
                       "takes it, unless someone trumps"),
    "royal-affair": ("Royal Affair: void in the suit led and in trumps, another suit's Queen wins once the led "
                     "suit's King is in the trick (a King, if a Queen led), unless trumped"),
}
TALK = ". Talk it over with them in your side's thread"


def discard_line(partners: bool, tontine: bool, aces: bool) -> str:
    """The dealer's coach's line: lay the extra cards down, what they score, what may not go."""
    pile = "your side's pile" if partners else "your pile"
    worth = "In Tontine they score nothing (K-10)" if tontine else "They count for you"
    barred = "Kings, Aces and Honours" if aces else "Kings and Honours"
    return f"You took the cards left over from the deal: lay as many face down on {pile}. {worth}; {barred} may not go"


def coaching_line(kind: str, *, partners: bool, tontine: bool, aces: bool, partner: str, talk: bool) -> str:
    """The coach's line for a moment of kind ``kind``: the dealer's discard says what may go, a
    partner ahead in the trick is named (``partner``), and where partners may talk, says so."""
    if kind == "discard":
        return discard_line(partners, tontine, aces)
    if kind == "partner":
        return COACHING[kind].format(partner=partner) + (TALK if talk else "")
    return COACHING[kind]


# -- why a card may not go ----------------------------------------------------------------------
def trick_refusal(kind: rule_sets.LaughRefusal, trick: Trick, fool_free: bool) -> str:
    """A trick rule that stops a card (docs/rules/tarot.md, K-2; the Last Laugh's Fool)."""
    led = trick.led_card((FOOL,) if fool_free else ())
    suit = suit_name(led)
    if kind == "follow":
        return f"You must follow {suit}"
    if kind == "trump":
        if led is not None and pack.is_trump(led):
            return "Trumps were led: you must play a trump (K-2)"
        return f"You have no {suit}: you must play a trump (K-2)"
    if kind == "beat":
        best = pack.best_trump(trick, (FOOL,))
        shown = cards.short(best, "tarot") if best is not None else "the best trump"
        return f"You must beat {shown} with a higher trump while you hold one (K-2)"
    if kind == "fool-trumps":
        return "The Fool must go now: trumps were led and you hold no court card (the Last Laugh)"
    if kind == "fool-court":
        return f"The Fool must go now: you hold a court card of {suit}, the suit led (the Last Laugh)"
    if kind == "fool-lead":
        return "Under the Last Laugh the Fool may not be led before the last trick"
    return "Under the Last Laugh the Fool stays in your hand until a lead forces it, or the last trick"


def discard_refusals(hand: Sequence[str], pick: Pick, refusal: Callable[[str], str | None]) -> dict[str, str]:
    """The dealer's cards that may not be chosen for the discard: those the rules keep (``refusal``
    says why), or, when every card that may go must, those."""
    out = {}
    for card in hand:
        if card in pick.fixed:
            out[card] = "It goes in anyway: you hold too few cards you may discard, so every one of them must go"
        elif card not in pick.cards:
            reason = refusal(card)
            assert reason is not None
            out[card] = reason
    return out


def give_refusals(hand: Sequence[str], choices: Sequence[str], step: rule_sets.ButtStep,
                  led: str | None) -> dict[str, str]:
    """The Last Laugh: the Butt's cards that may not go on their pile in the Fool's place, at the
    first step of ``rule_sets.butt_choices`` that applies."""
    out = {}
    for card in hand:
        if card in choices:
            continue
        if card == FOOL:
            out[card] = "The Fool is the card you are paying for: another goes on your pile in its place"
        elif pack.is_king(card):
            out[card] = "A King never goes on your pile in the Fool's place"
        elif step == 1:
            out[card] = f"You hold a Queen, Cavalier or Jack of {suit_name(led)}, the suit led: one must go"
        elif step == 2:
            out[card] = "You hold a Queen, Cavalier or Jack: one of those must go"
        elif card in (pack.MAGICIAN, pack.WORLD):
            out[card] = "The Magician and the World never go on your pile in the Fool's place"
        elif step == 3:
            out[card] = "Your highest trump must go (the Magician and the World aside)"
        else:
            out[card] = "A pip card must go: you hold no court card but Kings, and no trump that may go"
    return out


def claim_refusals(trick_cards: Sequence[str], claimable: Sequence[str], played: Sequence[str]) -> dict[str, str]:
    """Tontine: the cards of the trick just won that may not be left face up."""
    last = rule_sets.last_of_groups(played)
    out = {}
    for card in trick_cards:
        if card in claimable:
            continue
        name = rule_sets.group(card)
        if card == FOOL:
            out[card] = "The Fool already lies face up by its owner (K-10)"
        elif name is None:
            out[card] = (f"{cards.short(card, 'tarot')} scores nothing in Tontine: only Kings, Queens, Cavaliers, "
                         "Jacks, Honours and pips do")
        else:
            later = cards.short(last[name], "tarot")
            out[card] = f"{later} was played after it: only the last card of a group may score"
    return out
