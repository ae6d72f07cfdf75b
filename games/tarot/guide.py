"""The players' account of the tarot games (/rules), in our own words: the two-player games, the
base games and their rule sets. "Table ruling" marks what we decided where the source is silent
(rulings K-2..K-7). Also how a line names the suit a card sets for a trick (``suit_name``); each
kind of game's coach's lines are in its ``texts``."""

from __future__ import annotations

from games.core.cards import SUIT_NAMES

from . import pack

PACK = """\
**The pack.** 78 tarot cards: four suits (swords, batons, cups, coins) of fourteen, King, Queen, \
Cavalier, Jack, then 10 down to the Ace; twenty-one trumps, the World (21) highest and the \
Magician (1) lowest; and the Fool. Three cards stand apart as the *Honours*: the two ends of the \
trump row (the Magician and the World) and the Fool.
**Points.** Honours, Kings and Aces 5, Queens 4, Cavaliers 3, Jacks 2, every other card 1: \
146 in the pack, counted card by card.
**Tricks.** Follow suit if you can; if you cannot, you must trump.
Table ruling: when a trump is already in the trick, or trumps were led, you must play a higher \
trump than the best so far if you have one, else any trump. With neither suit nor trump, play \
anything: it cannot win.
**The Fool** may be played to any trick instead of what you would have to play. It never wins; \
it comes back to you, and at the end of the part you pay the trick's winner for it with your \
cheapest card from your own pile. If you took no trick in that part, you cannot pay: the Fool \
itself goes to the winner, even with your discards in your pile.
Table ruling: the bot picks that card for you, an empty one when you have one.
"""

MANCHESTER = """\
**A game** is two hands; each player deals one. A hand has two parts, and the player with the \
higher total for the hand wins the difference in game points. More game points after both \
hands wins.
**Manchester (first part).** Thirteen cards each; both hand values are announced. Each player \
then discards three cards face down into their own pile, at the same time: no trumps, Honours \
or Kings unless you hold nothing else, and those must be shown. Ten tricks follow.
Table ruling: the lead alternates every trick, whoever won, the non-dealer leading first. You \
score the points in your pile, discards included, minus the value you announced; it may be \
below zero.
"""

PICCADILLY = """\
**Piccadilly (second part).** The other 52 cards make four hands of thirteen, two for each \
player. Without seeing the other's choice, each keeps one as their hand and the other becomes \
their dummy; then both dummies are turned face up. Play goes dealer, non-dealer, dealer's dummy, \
non-dealer's dummy; you play your own dummy. The dealer leads, the winner of each trick leads \
the next; thirteen tricks. You score the points your hand and dummy take, plus one a trick.
Table ruling: a Fool played to the last trick is lost to whoever takes it.
"""

TRUFFLE = """\
**Truffle (second part).** Sixteen cards each to both players and to a face-up dummy on the \
dealer's left. Of the last four cards the dealer takes three, then lays three cards aside face \
up into their pile: no Honours or Kings.
Table ruling: the fourth card is set aside unseen and counts for nobody.
Play goes dealer, dummy, non-dealer. The players take turns playing the dummy, the non-dealer on \
the first trick; tricks the dummy wins count for nobody. The dealer leads, the winner of each \
trick leads the next; sixteen tricks. If the dealer wins no trick, the cards laid aside go to the \
non-dealer. You score the points you take, plus one a trick.
Table ruling: a Fool played to the last trick is lost to whoever takes it.
"""

PICCADILLY_GUIDE = "**Manchester Piccadilly** is a tarot game for two.\n" + PACK + MANCHESTER + PICCADILLY
TRUFFLE_GUIDE = "**Manchester Truffle** is a tarot game for two.\n" + PACK + MANCHESTER + TRUFFLE

# -- the base games and their rule sets ---------------------------------------------------------
TABLE_PACK = """\
**The pack.** 78 tarot cards: four suits (swords, batons, cups, coins) of fourteen, King, Queen, \
Cavalier, Jack, then 10 down to the Ace; twenty-one trumps, the World (21) highest and the \
Magician (1) lowest; and the Fool. Three cards stand apart as the *Honours*: the two ends of the \
trump row (the Magician and the World) and the Fool. The \
`good_and_evil` option adds Good and Evil, two trumps of equal rank just under the Magician.
Table ruling: if both are in a trick and no higher trump, the first played wins.
**Points.** Honours, Kings and Aces 5, Queens 4, Cavaliers 3, Jacks 2, every other card 1.
**Tricks.** Play goes to the left and the player at the dealer's left leads the first trick; the \
winner leads the next. Follow suit if you can, else trump; else play anything (it cannot win).
Table ruling: over a trump in the trick, or when trumps are led, play a higher trump if you have one.
**The Fool** may go to any trick instead of what you would have to play. It never wins; it comes \
back to your side, and at the end of the hand your side pays the trick's winner its cheapest card \
for it; a side that took no trick gives up the Fool itself.
Table ruling: the bot picks that card, an empty one when it can.
"""

SCARTO = """\
**Scarto** is for three. Twenty-five cards each; the dealer takes the last three and discards three \
face down into their pile: no Aces, Kings or Honours, though the Fool may go if the dealer holds no \
other trump.
Table ruling: with Good and Evil the dealer takes and discards five.
Everyone deals once, so a game is three hands. Table ruling: you score the points you take; the \
highest total wins.
"""

TAROCCHI = """\
**Tarocchi** is for four in two partnerships, partners sitting opposite. Nineteen cards each; the \
dealer takes the last two (four with Good and Evil) and discards as many face down into the \
partnership's pile: no Kings or Honours, and with Good and Evil no Aces.
Everyone deals once, so a game is four hands. Table ruling: a partnership scores the points it \
takes; the higher total wins.
"""

CONFERENCE = TAROCCHI.replace("**Tarocchi**", "**Conference**").replace("partners sitting opposite", (
    "partners sitting side by side")) + """\
Partners may talk freely: each partnership gets a private thread (or, where there can be none, the \
`/talk` command) that the other side cannot read.
"""

RULE_SET_CHOICE = """\
**Rule sets.** Choose one with the `ruleset` option: `tontine`, `last-laugh` or `courtship` (see \
`/rules` for each), or `plain`.
"""

TONTINE_GUIDE = """\
**Tontine** (a rule set for Scarto, Tarocchi and Conference) changes the scoring. Cards score in \
groups, and only the *last card played* of a group carries its points: Kings 20, Queens 16, \
Cavaliers 12, Jacks 8, Honours 15, and the pips (Ace to 10) of each suit 10. Other trumps, and \
Good and Evil, count nothing: 111 points in all.
Table ruling: discarded cards are never played, so they never carry a group; the Fool counts as \
played when it goes to a trick, and it lies face up by its owner.
**Claims.** When you win a trick you may leave any of its cards face up, betting that each is the \
last of its group; a face-up card is turned down as soon as another card of its group is played. \
Only cards face up at the end score, so a card you did not leave up scores nothing. With \
`tontine_claims` set to `auto`, the bot leaves every card you win face up for you.
**Settling.** Three players: each wins or loses the difference between their points and 37.
Table ruling: with partners, the side with 56 or more scores the difference between the sides and \
the other side loses as much; if neither side reaches 56, the hand scores nothing.
"""

LAST_LAUGH_GUIDE = """\
**The Last Laugh** (a rule set for Scarto, Tarocchi and Conference): the Fool is no excuse. It stays \
in play until the last trick, and wins that trick whoever else plays. Whoever holds it:
- must play it when trumps are led and they hold no court card (King, Queen, Cavalier, Jack);
- must play it when a suit is led and they hold a court card of that suit;
- may not play it at any other time before the last trick.
Whoever takes a trick with the Fool in it is the *Butt*: they take the Fool into their hand and put \
another card on their pile instead, the first that applies: a court card of the suit led (not the \
King); else any court card but a King (the table is told); else their highest trump but the \
Magician and the World, shown; else a pip card, shown. A Butt left with nothing but Kings, the \
Magician and the World puts the Fool face up aside and shows their hand; the last trick's winner then takes the \
Fool too.
Table ruling: if that winner is an opponent, they give the Butt their cheapest card, an empty one \
when they can.
"""

COURTSHIP_GUIDE = """\
**Courtship Rules** (a rule set for Scarto, Tarocchi and Conference): four rules, each one an option \
(`queens_ruff`, `royal_marriage`, `royal_affair`, `summoning_servants`), all on unless you switch \
one off.
- **Queen's Ruff**: once the Queen of the suit led is in the trick (and did not lead it), the Jack \
of that suit takes the trick over everything, trumps included.
- **Royal Marriage**: once the King of the suit led is in the trick, that suit's Queen played after \
it takes the trick, unless a trump is in it.
- **Royal Affair**: once the King of the suit led is in the trick, a player with neither that suit \
nor a trump may put down a Queen of a different suit, which takes the trick unless a trump is in it; \
after a Queen leads, another suit's King does the same.
Table ruling: of two such Royal cards the first played wins.
- **Summoning Servants**: whoever wins a trick with a King in it may call for one of that King's \
servants, the Jack or the Cavalier of its suit, or let it be. A called servant in someone's hand \
replaces the card its holder had put in the trick, and that card goes back to their hand. A Jack \
already played or lying in the discard brings nothing. The Cavalier comes only once the Jack is out \
of every hand: called while the Jack is still held, it brings nothing and the Jack's holder is named \
to the table. You may call a servant you hold yourself, but not to a King you played. A Queen is \
nobody's servant.
Table ruling: you are asked about each King as long as its Jack or Cavalier is still to be played, \
even when nothing could come, so the question tells you nothing about the discard. With two Kings \
in the trick, the winner decides on each in turn.
"""

RULE_SETS = (("Tontine", TONTINE_GUIDE), ("The Last Laugh", LAST_LAUGH_GUIDE), ("Courtship Rules", COURTSHIP_GUIDE))

# -- learning: the quick start's turn (the base games' quick starts are in their packages) -----
# Within a suit the order is not the usual one (a Cavalier between Queen and Jack, the Ace lowest): said
# where a newcomer first needs it, the quick start and the coach's line for a lead.
SUIT_ORDER = "King, Queen, Cavalier, Jack, 10 \u2026 Ace"
# What the cards are worth (pack.points), said in every tarot game's quick start (issue 45).
QUICK_POINTS = ("Card points: Honours, Kings and Aces 5 (an Ace still ranks lowest), Queens 4, Cavaliers 3, Jacks 2, "
                "others 1")
QUICK_TURN = ("Your turn: play one card. Follow suit, else trump; the top trump, or else the suit's top card "
              f"({SUIT_ORDER}), wins")


def suit_name(card: str | None) -> str:
    """The suit a card sets for a trick, in words ("swords", "trumps")."""
    if card is None or pack.suit(card) == pack.TRUMP:
        return "trumps"
    return SUIT_NAMES["tarot"].get(pack.suit(card), "the suit led")
