"""Fscking Ace as players read it (/rules fscking-ace). "Table ruling" marks what we decided where
the source leaves a gap (rulings A-1..A-4, and the few points of play the bot has to fix)."""

from games.core.cards import CardOrder

# Scored piles sort red suits first, then clubs, then the spades kept; jokers last.
CARD_ORDER = CardOrder(suits=("H", "D", "C", "S"))

SUMMARY = ("A push-your-luck gambling game for 3 to 30. Take turns flipping cards from one stock and "
           "stop before a spade wipes out your turn; whoever turns up the Ace of spades pays everyone "
           "else. Played for stakes in dollars, cents or points, round after round.")

GUIDE = """\
**Fscking Ace** is a gambling game of nerve for three or more players (up to 30 here: the table's \
picture shows every seat, and thirty fill it), played for stakes, round after round.

**The pack.** Hearts, diamonds and clubs in full, the spades from Ace to 7, a $5 joker and a $10 \
joker: 48 cards. One more pack joins for every five more players (6-10 use two packs, 11-15 \
three, and so on up to six for 26-30), and only one Ace of spades is ever in play. An option \
keeps just one pack's 2s, to calm the doubling.

**Your turn.** Each round is played from one shuffled stock. On your turn you must turn up a \
card; after each card that is not a spade you choose to flip again or stop. Stopping scores \
everything you turned up this turn. A spade ends your turn at once and the cards you turned \
this turn are lost, and some spades do more:
- 2 of spades: you keep it with your scored cards, and it doubles what you pay if you lose the \
round (two of them: four times). Table ruling: a kept 2 of spades counts as a $1 card and as a \
card for the bonus.
- 7 of spades: play turns round and goes the other way.
- Ace of spades: the round is over and you are its loser.
Table ruling: what you score piles up over all your turns in the round.

**What cards are worth.** Each card is $1, the jokers $5 and $10. Each red 2 you score doubles \
all your non-joker cards (the 2s too); each 2 of clubs doubles your jokers. Doublers compound: \
7, 4, King and the $5 joker make $8; three 2s of clubs make the $10 joker worth $80.

**Paying up.** The loser pays every other player the value of their cards plus $1, and a bonus \
of $5 for each player at the table goes to whoever scored the most cards, whatever they are \
worth. Everything the loser pays is doubled for each 2 of spades they kept.
Table ruling: the loser cannot win the bonus. Tied players share it; the odd cents go one each to \
the tied players in turn order, starting after the loser. If nobody else scored a card, they all \
share it.
Table ruling: amounts are kept to the cent, and each settlement balances exactly: what the loser \
pays is what the others receive. It goes to the server's stakes ledger.

**Rounds.** The first shuffler is drawn by lot (Table ruling: everyone draws a number from 1 to \
100, highest shuffles) unless the table picks one; the player after them flips first. The next \
round is opened by whoever would have played after the loser, in the direction in force then. \
Table ruling: every round starts going clockwise (up the seat numbers).
There is no natural end. Table ruling: after each settlement there is a short pause to look at \
who paid what, then the next round is dealt. Anyone seated can ask, at any time, to end the game \
after the current round (and anyone else can take that back with Keep playing); the game also \
ends by itself if a number of rounds was set. The result is each player's net winnings over the \
game.

**Joining.** Anyone in the server can press Join at the next round while a game is on; they are \
seated when the current round is settled, and the packs grow with the table.

**Stakes.** Amounts here are written in dollars, as the game is usually told. Each server picks \
how they are shown: dollars, cents (a friendlier game, a dollar's worth played for a cent) or \
points. Balances may go below zero. See /stakes for balances, history and the leaderboard.
"""

# The three lines /rules opens with.
QUICK_START = (
    "Bank cards from one shared stock and dare not to be the one who turns up the Ace of spades",
    "On your turn flip a card, then flip again or stop to score your turn's cards; a spade ends the turn and "
    "loses them",
    "A scored card is worth $1, a joker $5 or $10; each red 2 doubles your plain cards (itself too), each 2\u2663 "
    "your jokers",
    "Whoever turns up the Ace pays everyone their cards' worth plus $1, and $5 a player to whoever scored the most "
    "cards",
)

# What a newcomer is told, once each, as the moment comes up (FsckingAceState.coaching).
COACH_FLIP = ("Your turn: flip the top card of the stock. A spade ends your turn; turning up the Ace makes you "
              "the round's loser, who pays everyone")
COACH_PUSH = ("Flip again to add a card to the ones on the line, or stop to score them for good. A spade now "
              "throws away this turn's cards")
COACH_DOUBLED = ("You kept a 2\u2660, so if you turn up the Ace this round you pay double: every extra flip costs "
                 "you more than it costs the others")
COACH_ONLY_ACE = ("Every spade but the Ace is out: another flip cannot lose your cards any more, but the Ace "
                  "would still make you pay everyone")
COACH_BETWEEN = ("The round is settled and paid. Play another round (a fresh shuffle, every pile empty) or end "
                 "the game with the money as it stands")
