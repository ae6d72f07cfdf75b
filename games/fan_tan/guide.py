"""Fan Tan's rules as players read them (/rules fan-tan). Marked "Table ruling" where we decided
something the original text leaves open (rulings T-1..T-5)."""

GUIDE = """\
**Fan Tan** (also called Sevens or Parliament) is for three to eight players with one pack; aces \
are low. Every card is dealt, so some players may get one card more than others. Everyone starts \
with the same pile of chips (20 unless the table chose otherwise).

**Antes.** Before each hand every player puts chips in the pot.
Table ruling: a player holding one card more than the fewest puts in 2 chips, everyone else 1.

**Building the rows.** The player left of the dealer goes first and play moves clockwise. Each suit \
is opened by its 7 and then grows one card at a time, upward to the King and downward to the Ace. \
On your turn you place a card that fits, or pass if nothing does.
Table ruling: a turn normally places one card, with two exceptions: if you play a 7 you may put \
down any other 7s you hold with it, and you may place both the next card above and the next card \
below one suit's row together.

**Winning a hand.** Whoever empties their hand first wins it: every other player pays one chip \
into the pot for each card still held, and the winner takes the whole pot.
Table ruling: the game lasts the number of hands the table chose (one unless set), or ends sooner \
when someone is at zero chips or below after a hand; the most chips wins. Stacks may go into debt.

**Honour mode** (the table's *strict* option turned off). You may then pass even when you could \
play, but it is an offence if found out.
Table ruling: a pass while holding a playable card is found out when you later play a card you \
could have played at that pass, or when the hand ends. Each offence costs 3 chips into the pot, \
and for every 7 you held back you also pay 5 chips to each other player who held that suit's 6 \
or 8 at the time. Offences found at the end of a hand are paid before the winner takes the pot, \
and the table announces an offence only when it is found out. Found out during a hand, only the \
card just played is named: the fine for another 7 you held back and still hold waits until the \
hands are shown.
Table ruling: if every player passes in turn at the start of a hand and no 7 has been played, the \
hand is dead: everyone adds 1 chip to the pot, the deal passes left, and the cards are dealt \
again with new antes (the pot stays). With strict play on this cannot happen.
"""
