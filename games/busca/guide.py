"""Busca's rules as players read them (/rules busca). Marked "Table ruling" where we decided
something the original text leaves open (rulings B-1..B-3)."""

GUIDE = """\
**Busca** is an Italian trick-taking game for three to five players in which points are bad: \
like Hearts, you want to end with as few as you can. It uses a 40-card pack (an ordinary pack \
with the 8s, 9s and 10s taken out). In every suit the 3 is the highest card, then the 2, then \
Ace, King, Queen, Jack, 7, 6, 5 and the 4 lowest.

**Dealing.** The whole pack is dealt out, to the right (counter-clockwise): thirteen each with \
three players, ten with four, eight with five. With three players one card is left over and goes \
to the dealer, who then lays one card aside face down before play begins. Nobody sees it until the \
hand ends, when it joins the tricks of whoever won the last trick. The deal moves one seat to the \
right for each new hand.

**Playing.** The player on the dealer's right leads first, and play goes round to the right. \
Follow the suit that was led if you can; if you cannot, play anything. There are no trumps: the \
highest card of the suit led takes the trick, and whoever took it leads the next.

**Points.** Each Ace you take is worth 1 point, and each 3, 2, King, Queen and Jack a third of a \
point: 10\u2154 points in the pack. 7s, 6s, 5s and 4s are worth nothing.

**Scoring a hand.** Each player but the one who took the last trick counts the points in their \
tricks, dropping any fraction (4\u2154 counts 4). Whoever took the last trick gets whatever \
is left of 11 once the others' scores are taken away, so the last trick carries everybody's \
fractions: avoid it if you can.
Table ruling: if one player takes every counting card (all four Aces and all twenty third-point \
cards, including the card laid aside once it is awarded), that is a *cappotto*: that player \
scores 0 and everyone else 11.
Table ruling: points are added up in exact thirds, so nothing is lost to rounding along the way.

**Ending the game.** Scores add up from hand to hand. The game ends after the hand in which \
someone's total reaches 31 (or the target the table chose), or after a fixed number of hands if \
the table set one. The lowest total wins.
Table ruling: players tied on the lowest total share the win; if everyone is level, the game is \
drawn. On the leaderboard a Busca win counts like any other, and points are read lowest first.
"""
