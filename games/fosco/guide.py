"""Fosco's rules as players read them (/rules fosco). Marked "Table ruling" where we decided
something the original text leaves open (rulings F-1..F-8)."""

GUIDE = """\
**Fosco** is a counting game for two, or four in two partnerships (partners sit opposite). \
Every card is dealt and every hand is on view, so nothing is luck once the cards are out.

**The count.** Players take turns adding one card to a running total and saying the new total. \
Ace to Ten are worth their number, a Queen is worth nothing, a Joker adds a half. The total may \
never go above 21, and you must play if you have a card that keeps it at 21 or below.
**Jacks** copy whatever the card before them did (a number again, nothing after a Queen, a King's \
effect after a King, or whatever the previous Jack did). A Jack that starts a count adds nothing.
**Kings** follow the rule chosen for the table: *double* the count (the usual rule), go up to the \
next *five*, the next *square* number, the next *prime*, or add the value of the card that *led* \
the count. A King never takes the count down, and most raise it, but doubling 0 leaves 0, and \
under *led* a King adds nothing when the count was led by a card that added nothing (a Queen, a \
Jack, a King). A King is unplayable if it would pass 21. A King \
that doubles may only be played while the count is 10 or less: at 10½ it waits, though doubling \
would make exactly 21.

**Suit order.** You play your spades first, then hearts, then clubs, then diamonds: while you hold \
a card of the earliest of those suits, that is the suit you play from.
Table ruling: a Joker is outside this order and may be played on any turn.

**Winning cards.** When the player to move cannot play, the count is over and whoever played its \
last card takes all of its cards (in partnerships, for the side).
Table ruling: the player who could not play starts the next count; a player with no cards left \
cannot play, and if the player due to start has none the next player round the table who has \
cards starts instead. The first player at the table starts the first deal, and the starting \
player moves one seat round the table each deal.
Table ruling: all hands are shown to everyone, players and watchers alike.

**Optional extras**, chosen when the table opens:
- *jokers*: add 2 or 4 Jokers. A Joker is outside the suit order and adds a half, or, with \
*joker* set, raises the count by one of the King rules instead.
- *queen* and *jack*: give the Queen and the Jack a King rule of their own, so that no card is \
worth nothing and the Jack stops copying. Mix them as you like: Kings double, Queens go to the \
next five and Jacks to the next prime, say.
Table ruling: every card that doubles, whatever it is, waits while the count is above 10. Under \
*led*, a card adds what the count's first card came to (a King that went to the next five when it \
led makes that 5); a card that leads adds nothing by that rule. A Jack left to copy repeats the \
rule of the card before it. The table's header names every rule in play.

**Scoring.** At the end of a deal each side scores, for every suit, the cards it took above six \
times the suit's weight: spades 1, hearts 2, clubs 3, diamonds 4 (Jokers score nothing). The most \
a deal can give is 70. The game ends after the deal in which a side reaches the target (31 unless \
the table chose otherwise), or after a fixed number of deals if the table set one; the higher \
total wins.
"""
