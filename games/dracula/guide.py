"""Dracula's rules as players read them (/rules dracula). Marked "Table ruling" where we decided
something the original text leaves open (rulings D-1..D-6)."""

GUIDE = """\
**Dracula** is a game for two (or four in partnerships) played with 52 cards and two Vampires. \
Together you build a three-by-three square of cards, the coffin; one side scores its rows, the \
other its columns.

**Who deals and who scores what.** Each player cuts a card: red beats black, a heart beats a \
diamond, and between cards of one suit the higher wins (Ace low, King high). \
Table ruling: if both cut black, or either cuts a Vampire, cut again. \
The first dealer then picks a direction: Queen's way (score the rows) or King's way (score the \
columns). The other player scores the other way for the whole game.

**A deal.** Each player gets four cards and the next card goes face up in the middle of the \
coffin. The player who did not deal goes first; you take turns putting one card on an empty space \
that touches a card already down along a side (touching only at a corner is not enough) until all \
nine spaces are full. Then both score. Six deals use the whole pack; the deal alternates.

**Line values.** In a line of three, number cards count their number (Ace 1). A Jack is 0 both \
ways. A Queen is 10 in a row but 0 in a column; a King is 10 in a column but 0 in a row. \
The total is multiplied: by 5 if all three cards are one suit, otherwise by 3 if all three are \
one colour, otherwise by 2 if two share a suit. Table ruling: only the single biggest multiplier \
applies. A court card worth 0 still counts for its suit and colour. \
A Vampire drains its row and its column: both are worth 0, whichever way they are scored.

**Scoring a coffin.** Each player sorts their three lines from best to worst. If the two best \
lines differ, each player scores their own best; if they are equal, each scores their second \
best, and if those are equal too, each scores their third best.

**End of the game.** After the last deal the player ahead adds the difference between the two \
totals as a bonus. Table ruling: if the totals are equal, the bonus is the highest single line \
anyone scored during the game and goes to whoever scored it; if that is equal as well, the game \
is drawn. A table may play a shorter game, or a session of games up to a target.

**Four players.** Partners sit opposite. Everyone gets 13 cards; the opponent on the dealer's left \
and the dealer's partner also get one Vampire each. Table ruling: the opponent on the dealer's left \
starts the first coffin by putting any card in the middle, play passes to the left, each full \
coffin is scored for the two partnerships and cleared, and the next player starts a new one; six \
coffins make a deal. Table ruling: the first dealer's partnership picks the direction.
Table ruling: the three-player version is not offered, because its rules are not known.
"""
