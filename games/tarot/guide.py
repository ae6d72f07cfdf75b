"""The players' account of the two-player tarot games (/rules), in our own words. "Table
ruling" marks what we decided where the source is silent (rulings K-2..K-7)."""

PACK = """\
**The pack.** 78 tarot cards: four suits (swords, batons, cups, coins) of fourteen, King, Queen, \
Cavalier, Jack, then 10 down to the Ace; twenty-one trumps, the World (21) highest and the \
Magician (1) lowest; and the Fool. The Magician, the World and the Fool are the *Honours*.
**Points.** Honours, Kings and Aces 5, Queens 4, Cavaliers 3, Jacks 2, every other card 1: \
146 in the pack, counted card by card.
**Tricks.** Follow suit if you can; if you cannot, you must trump.
Table ruling: when a trump is already in the trick, or trumps were led, you must play a higher \
trump than the best so far if you have one, else any trump. With neither suit nor trump, play \
anything: it cannot win.
**The Fool** may be played to any trick instead of what you would have to play. It never wins; \
it comes back to you, and at the end of the part you pay the trick's winner with your cheapest \
card from your own pile (or with the Fool, if your pile is empty).
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
