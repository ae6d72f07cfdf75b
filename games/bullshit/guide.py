"""Bullshit's rules as players read them (/rules bullshit). Marked "Table ruling" where we
decided something the sources leave open (rulings S-1..S-3)."""

GUIDE = """\
**Bullshit** (also known as **Cheat**) is a bluffing game for three to ten players. Every card is \
dealt, so some players may hold one card more than others. The aim is to be the first with no \
cards left.
Table ruling: up to six players use one pack; seven or more shuffle two packs together.

**Playing.** Whoever holds the Ace of spades starts, and turns go clockwise. On your turn you put \
one to four cards face down on the pile (up to eight with two packs) and say they are of the rank \
the table is up to: the first play is Aces, the next 2s, then 3s and so on to Kings, and round \
to Aces again. You must say truthfully how many cards you put down, but not what they are: \
you may slip in anything.

**Calling.** After every play, anyone else may call *bullshit*. The play is turned face up. If \
even one of the cards is not of the rank claimed, the player who made the play picks up the whole \
pile; if every card was as claimed, the caller picks the pile up instead. Either way the player \
after the one who was called plays next, claiming the next rank.
Table ruling: the chance to call lasts until the next player puts cards down, until everyone else \
has said they will not call, or until a short clock runs out (ten seconds unless the table chose \
otherwise). Only the first call counts. When a player puts down their last cards, the next player \
may not play over them: the table must call or let them stand.
Table ruling: a player who plays their last cards wins once that play stands, or is called and \
proves true. A call that catches a lie sends them the pile and they play on.

**Places.** Normally the first player out wins and the game ends. With the table's *places* \
option on, play carries on without them until only one player has cards, and everyone is ranked \
in the order they went out.
"""
