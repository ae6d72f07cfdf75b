"""Dracula: two players (or two partnerships) build a 3x3 coffin of cards, each side scoring
lines in its own direction (docs/rules/dracula.md, rulings D-1..D-6)."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping
from dataclasses import dataclass

from games.core import decks
from games.core.actions import Action
from games.core.base import Event, Outcome, Rules, State, player
from games.core.cards import SUIT_NAMES, CardOrder, short
from games.core.options import Option, OptionValue
from games.core.teaching import Coaching, Example

from . import scoring
from .actions import CELL_NAMES, WAY_NAMES, Place, Way, card_label, parse
from .guide import GUIDE
from .scoring import LINES, VAMPIRES, CoffinScore, Direction
from .view import CoffinLines, DraculaPart, DraculaView, LastCoffinView, LineValue, Phase, SessionView

CENTRE = 4
EMPTY: tuple[str | None, ...] = (None,) * 9
# Orthogonal neighbours of each cell (diagonals do not count).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(3 * rr + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < 3 and 0 <= cc < 3)
    for r in range(3) for c in range(3)
)
COFFINS_PER_DEAL = {2: 1, 4: 6}
COACH_DIRECTION = ("Choose what your side scores all game: the rows (Queens count 10 there) or the columns "
                   "(Kings count 10). The other side scores the other way.")
COACH_OPEN = ("The coffin is empty, so your card goes in the centre. It will count in the middle row and the "
              "middle column: one for each side.")
COACH_PLACE = ("Put a card on an open cell beside one already down. Build your own lines (one suit \u00d75, one "
               "colour \u00d73) and spoil the other side's.")
COACH_LAST = ("This card fills the coffin. Then each side scores its best line; if the two best lines are equal, "
              "the next best counts instead.")
# The rules' example: seed 22 at a table of two, the computer's first twelve moves. {p1}, who
# scores the columns, may finish a middle column of three clubs.
EXAMPLE_SEED = 22
EXAMPLE_MOVES = ("way:rows", "place:7D@01", "place:2S@21", "place:QD@20", "place:JH@22", "place:2C@12",
                 "place:9C@10", "place:5C@02", "place:KD@00", "place:9S@10", "place:7C@01", "place:4S@12")
RUNG_NAMES = ("best", "second best", "third best")
DIR_WORDS: dict[Direction, str] = {"rows": "rows", "cols": "columns"}


def side_of(seat: int) -> int:
    """Seats 0 and 2 are one side, 1 and 3 the other; with two players each seat is a side."""
    return seat % 2


def legal_cells(cells: tuple[str | None, ...]) -> tuple[int, ...]:
    """Empty cells beside (not only corner to corner with) a card; the centre of an empty coffin."""
    if all(c is None for c in cells):
        return (CENTRE,)
    return tuple(i for i in range(9) if cells[i] is None and any(cells[n] is not None for n in NEIGHBOURS[i]))


def grid(cells: tuple[str | None, ...]) -> list[list[str | None]]:
    return [list(cells[3 * r:3 * r + 3]) for r in range(3)]


@dataclass(frozen=True)
class LastCoffin:
    """The most recent full coffin and how it scored, kept for the table to show."""

    label: str
    cells: tuple[str | None, ...]
    ways: tuple[Direction, Direction]
    score: CoffinScore


@dataclass(frozen=True, kw_only=True, repr=False)
class DraculaState(State):
    phase: Phase = "way"
    game: int = 1  # the game number in a session (session_target)
    cuts: tuple[tuple[str, str], ...] = ()  # this game's cut rounds: public (the view shows them until the deal)
    first_dealer: int = 0
    dealer: int = 0
    ways: tuple[Direction, Direction] | None = None  # per side
    hands: tuple[tuple[str, ...], ...] = ()
    stock: tuple[str, ...] = ()
    cells: tuple[str | None, ...] = EMPTY
    turn: int = 0
    deal: int = 0  # 1-based once dealt
    coffin_no: int = 0  # 1-based within the deal
    coffins_scored: int = 0  # over the session: each coffin's scoring is a round told in the copies
    totals: tuple[int, int] = (0, 0)  # per side, this game
    best_lines: tuple[int, int] = (0, 0)  # per side: highest line scored this game (D-3)
    last: LastCoffin | None = None
    games: tuple[tuple[int, int], ...] = ()  # per finished game of a session, per side
    result: Outcome | None = None

    # -- the contract ----------------------------------------------------------------------
    @property
    def to_move(self) -> frozenset[int]:
        if self.result is not None:
            return frozenset()
        return frozenset((self.first_dealer if self.phase == "way" else self.turn,))

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    @property
    def deals(self) -> int:
        return int(self.options["deals"] or 1)

    @property
    def target(self) -> int:
        return int(self.options["session_target"] or 0)

    def _legal(self, seat: int) -> tuple[Action, ...]:
        if self.phase == "way":
            return (Way("rows"), Way("cols"))
        return tuple(Place(card, cell // 3, cell % 3) for card in self.held(seat) for cell in self._cells_for(card))

    def _cells_for(self, card: str) -> tuple[int, ...]:
        """The cells a held card may go to now: every card may go to any open cell beside the
        cards already down (the centre of an empty coffin); no card of a hand is ever barred."""
        return legal_cells(self.cells)

    def held(self, seat: int) -> tuple[str, ...]:
        return tuple(self.rules.sort_cards(self.hands[seat])) if self.hands else ()

    def why_not(self, seat: int) -> dict[str, str]:
        """Empty in practice: while the coffin has an open cell, one touches a card already down
        (or it is the centre of an empty coffin), and any card may go there. Before the deal, while
        the directions are chosen, no one holds a card."""
        if seat not in self.to_move or self.phase != "place":
            return {}
        return {card: "There is no open cell beside a card in the coffin" for card in self.held(seat)
                if not self._cells_for(card)}

    def coaching(self, seat: int) -> Coaching | None:
        if seat not in self.to_move:
            return None
        if self.phase == "way":
            return Coaching("direction", COACH_DIRECTION)
        open_cells = sum(c is None for c in self.cells)
        if open_cells == 9:
            return Coaching("open", COACH_OPEN)
        if open_cells == 1:
            return Coaching("last-cell", COACH_LAST)
        return Coaching("place", COACH_PLACE)

    def why_illegal(self, seat: int, action: Action) -> str:
        if isinstance(action, Way):
            return "the directions are already chosen for this game"
        if not isinstance(action, Place):
            return super().why_illegal(seat, action)
        if self.phase == "way":
            return f"{player(self.first_dealer)} must choose the direction before any card is dealt"
        if action.card not in self.hands[seat]:
            return f"you do not hold {card_label(action.card)}"
        if self.cells[action.cell] is not None:
            return "that cell is taken"
        if action.cell not in legal_cells(self.cells):
            if all(c is None for c in self.cells):
                return "the first card of a coffin goes in the centre"
            return "a card must go next to one already in the coffin (side by side, not only corner to corner)"
        return super().why_illegal(seat, action)

    def hidden_cards(self, seat: int | None) -> frozenset[str]:
        hidden = set(self.stock)
        for other, hand in enumerate(self.hands):
            if other != seat:
                hidden.update(hand)
        # Everyone saw this game's cut cards before they went back into the pack, so the log may
        # name them; where they are now stays hidden, and naming them gives none of that away.
        return frozenset(hidden - {c for pair in self.cuts for c in pair})

    # -- moves -----------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> DraculaState:
        if isinstance(action, Way):
            return self._choose_way(seat, action.direction)
        assert isinstance(action, Place)
        return self._place(seat, action)

    def _choose_way(self, seat: int, direction: Direction) -> DraculaState:
        mine, theirs = direction, scoring.other(direction)
        ways = (mine, theirs) if side_of(seat) == 0 else (theirs, mine)
        note = Event(f"{self._side_name(side_of(seat))} will score {WAY_NAMES[mine]}; "
                     f"{self._side_name(1 - side_of(seat))} {WAY_NAMES[theirs]}.", notable=True)
        state = dataclasses.replace(self, ways=ways, log=self.with_events(note))
        return state._start_deal(1, self.first_dealer)

    def _place(self, seat: int, action: Place) -> DraculaState:
        hands = list(self.hands)
        hand = list(hands[seat])
        hand.remove(action.card)
        hands[seat] = tuple(hand)
        cells = list(self.cells)
        cells[action.cell] = action.card
        note = Event(f"{player(seat)} places {card_label(action.card)} at {CELL_NAMES[action.cell]}.")
        state = dataclasses.replace(self, hands=tuple(hands), cells=tuple(cells), log=self.with_events(note),
                                    turn=(seat + 1) % self.players)
        if None in cells:
            return state
        return state._score_coffin()._after_coffin()

    # -- flow between placements -------------------------------------------------------------
    def _shuffle(self, deal: int) -> list[str]:
        """The order to deal from: the stacked deck for the very first deal, else a fresh shuffle."""
        pack = decks.standard(2) if self.players == 2 else decks.standard()
        deck = self.deck if self.game == 1 and deal == 1 else None
        parts: tuple[int | str, ...] = ("deal", deal) if self.game == 1 else ("game", self.game, "deal", deal)
        return decks.stack(pack, deck, decks.rng(self.seed, *parts))

    def _start_deal(self, deal: int, dealer: int) -> DraculaState:
        header = f"Deal {deal} of {self.deals}: {player(dealer)} deals."
        if self.players == 2:
            # The stock carries over, so only the first deal of a game shuffles.
            source = self._shuffle(1) if deal == 1 else list(self.stock)
            dealt, rest = decks.deal_round(source, [4, 4])
            cells = list(EMPTY)
            cells[CENTRE] = rest[0]
            first = 1 - dealer
            note = Event(f"{header} The centre card is {card_label(rest[0])}; {player(first)} places first.")
            return dataclasses.replace(
                self, phase="place", deal=deal, coffin_no=1, dealer=dealer, hands=tuple(tuple(h) for h in dealt),
                stock=tuple(rest[1:]), cells=tuple(cells), turn=first, log=self.with_events(note),
            )
        # D-4/D-5: four players take 13 each from the 52; the Vampires go to the dealer's
        # left-hand opponent and partner, and the left-hand opponent starts the first coffin.
        dealt, _ = decks.deal_round(self._shuffle(deal), [13] * 4)
        lho, partner = (dealer + 1) % 4, (dealer + 2) % 4
        dealt[lho].append("X1")
        dealt[partner].append("X2")
        note = Event(f"{header} {player(lho)} and {player(partner)} each get a Vampire; "
                     f"{player(lho)} starts the first coffin.")
        return dataclasses.replace(
            self, phase="place", deal=deal, coffin_no=1, dealer=dealer, hands=tuple(tuple(h) for h in dealt),
            stock=(), cells=EMPTY, turn=lho, log=self.with_events(note),
        )

    def _coffin_label(self) -> str:
        if self.players == 2:
            return f"Deal {self.deal}"
        if self.deals == 1:
            return f"Coffin {self.coffin_no}"
        return f"Deal {self.deal}, coffin {self.coffin_no}"

    def _score_coffin(self) -> DraculaState:
        assert self.ways is not None
        score = scoring.score_coffin(self.cells, self.ways)
        totals = (self.totals[0] + score.scored[0], self.totals[1] + score.scored[1])
        best = (max(self.best_lines[0], score.scored[0]), max(self.best_lines[1], score.scored[1]))
        label = self._coffin_label()
        lines = "; ".join(
            f"{self._side_name(side)} ({DIR_WORDS[self.ways[side]]}) {', '.join(map(str, score.lines[side]))}"
            for side in (0, 1)
        )
        why = "" if score.rung == 0 else f" (equal lines above, so the {RUNG_NAMES[score.rung]} lines count)"
        scored = ", ".join(f"{self._side_name(side)} {score.scored[side]}" for side in (0, 1))
        note = Event(f"{label}: lines {lines}. Scored{why}: {scored}. Totals: {self._by_side(totals)}.",
                     notable=True)
        return dataclasses.replace(
            self, totals=totals, best_lines=best, last=LastCoffin(label, self.cells, self.ways, score),
            log=self.with_events(note), coffins_scored=self.coffins_scored + 1,
        )

    def _after_coffin(self) -> DraculaState:
        if self.coffin_no < COFFINS_PER_DEAL[self.players]:
            # The next player in turn (already set by _place) starts the next coffin in the centre.
            return dataclasses.replace(self, cells=EMPTY, coffin_no=self.coffin_no + 1)
        if self.deal < self.deals:
            # The deal alternates in two-player, and passes to the left in four-player.
            return self._start_deal(self.deal + 1, (self.dealer + 1) % self.players)
        return self._finish_game()

    def _finish_game(self) -> DraculaState:
        res = scoring.finish(self.totals, self.best_lines)
        a, b = self._side_name(0), self._side_name(1)
        if res.winner is None:
            text = (f"Game drawn: {a} {res.totals[0]}, {b} {res.totals[1]}, and the best lines scored "
                    f"are equal too ({self.best_lines[0]}).")
        else:
            w, lo = self._side_name(res.winner), self._side_name(1 - res.winner)
            if res.totals[0] != res.totals[1]:
                why = f"{w} {self._verb('adds', 'add')} the difference, {res.bonus}, as a bonus"
            else:
                why = (f"the totals are equal, so {w} {self._verb('takes', 'take')} a bonus of {res.bonus} "
                       f"for the highest line scored")
            text = (f"End of game: {a} {res.totals[0]}, {b} {res.totals[1]}; {why}. "
                    f"Final: {w} {res.finals[res.winner]}, {lo} {res.finals[1 - res.winner]}.")
        state = dataclasses.replace(self, phase="over", log=self.with_events(Event(text, notable=True)))
        if self.target <= 0:
            return state._conclude(res.finals, res.winner, text)
        games = (*self.games, res.finals)
        session = (sum(g[0] for g in games), sum(g[1] for g in games))
        state = dataclasses.replace(state, games=games)
        if max(session) < self.target:
            return state._next_game()
        leader = None if session[0] == session[1] else (0 if session[0] > session[1] else 1)
        if leader is None:
            detail = f"Session drawn at {session[0]} each after {len(games)} games."
        else:
            detail = (f"{self._side_name(leader)} {self._verb('reaches', 'reach')} {self.target} first: "
                      f"{session[leader]} to {session[1 - leader]} after {len(games)} games.")
        state = dataclasses.replace(state, log=state.with_events(Event(detail, notable=True)))
        return state._conclude(session, leader, detail)

    def _conclude(self, scores: tuple[int, int], winner: int | None, detail: str) -> DraculaState:
        winners = frozenset(s for s in range(self.players) if winner is not None and side_of(s) == winner)
        per_seat = tuple(scores[side_of(s)] for s in range(self.players))
        sides = (tuple(self._seats(0)), tuple(self._seats(1))) if self.players == 4 else ()
        return dataclasses.replace(self, phase="over", result=Outcome(per_seat, winners, detail, sides))

    def _next_game(self) -> DraculaState:
        """Another game of the session. Two players with no fixed first dealer cut again; otherwise
        the first deal passes to the next seat."""
        game = self.game + 1
        if self.players == 2 and self.options["first_dealer"] is None:
            cuts, first, events = cut(self.seed, game)
        else:
            cuts, first = (), (self.first_dealer + 1) % self.players
            events = [Event(f"{player(first)} deals first this game.", notable=True)]
        session = ", ".join(f"{self._side_name(side)} {sum(g[side] for g in self.games)}" for side in (0, 1))
        opening = Event(f"Game {game} of the session (to {self.target}); so far {session}.", notable=True)
        return dataclasses.replace(
            self, phase="way", game=game, cuts=cuts, first_dealer=first, dealer=first, ways=None,
            hands=tuple(() for _ in range(self.players)), stock=(), cells=EMPTY, turn=first, deal=0,
            coffin_no=0, totals=(0, 0), best_lines=(0, 0), log=self.with_events(opening, *events),
        )

    @property
    def rounds_scored(self) -> int:
        return self.coffins_scored

    # -- presentation ------------------------------------------------------------------------
    def _side_name(self, side: int) -> str:
        if self.players == 2:
            return player(side)
        return f"{player(side)} & {player(side + 2)}"

    def _verb(self, one: str, two: str) -> str:
        """The verb for a side: one player ('adds') or a partnership ('add')."""
        return one if self.players == 2 else two

    def _by_side(self, numbers: tuple[int, int]) -> str:
        return ", ".join(f"{self._side_name(side)} {n}" for side, n in enumerate(numbers))

    def status(self, seat: int | None) -> str:
        if self.result is not None:
            return f"Game over. {self.result.detail}"
        if self.phase == "way":
            return (f"{player(self.first_dealer)} deals first and chooses the direction: "
                    f"Queen's way (scores rows) or King's way (scores columns).")
        where = f"Deal {self.deal} of {self.deals}"
        if self.players == 4:
            where += f", coffin {self.coffin_no} of 6"
        if all(c is None for c in self.cells):
            return f"{where}: {player(self.turn)} to start the coffin with any card in the centre."
        return f"{where}: {player(self.turn)} to place a card beside one already in the coffin."

    def _lines_view(self) -> CoffinLines:
        """Each row and column as its scorer sees it, once its value is settled (full, or drained)."""
        return {"rows": self._line_values("rows"), "cols": self._line_values("cols")}

    def _line_values(self, direction: Direction) -> list[LineValue | None]:
        items: list[LineValue | None] = []
        for line in LINES[direction]:
            toks = [self.cells[i] for i in line]
            if any(t in VAMPIRES for t in toks):
                items.append({"points": 0, "multiplier": 0, "value": 0})
                continue
            full = [t for t in toks if t is not None]
            if len(full) < 3:
                items.append(None)
                continue
            pts = sum(scoring.points(t, direction) for t in full)
            mult = scoring.multiplier(full)
            items.append({"points": pts, "multiplier": mult, "value": pts * mult})
        return items

    def _last_view(self) -> LastCoffinView | None:
        last = self.last
        if last is None:
            return None
        return {
            "label": last.label,
            "coffin": grid(last.cells),
            "rung": last.score.rung,
            "sides": [
                {"seats": self._seats(side), "direction": last.ways[side], "lines": list(last.score.lines[side]),
                 "scored": last.score.scored[side]}
                for side in (0, 1)
            ],
        }

    def _seats(self, side: int) -> list[int]:
        return [s for s in range(self.players) if side_of(s) == side]

    def view(self, seat: int | None) -> DraculaView:
        return {**self.shared_view(seat), **self._view(seat)}

    def _view(self, seat: int | None) -> DraculaPart:
        placing = self.phase == "place" and seat == self.turn and self.result is None
        return {
            "phase": self.phase,
            "sides": [self._seats(0), self._seats(1)],
            "coffin": grid(self.cells),
            "legal_cells": [[c // 3, c % 3] for c in legal_cells(self.cells)] if placing else [],
            "hand_sizes": [len(h) for h in self.hands] if self.hands else [0] * self.players,
            "stock": len(self.stock),
            "deal": self.deal,
            "deals": self.deals,
            "coffin_number": self.coffin_no,
            "coffins_per_deal": COFFINS_PER_DEAL[self.players],
            "dealer": self.dealer,
            "first_dealer": self.first_dealer,
            "turn": None if self.result is not None else (self.first_dealer if self.phase == "way" else self.turn),
            "directions": [self.ways[side_of(s)] if self.ways else None for s in range(self.players)],
            "scores": [self.totals[side_of(s)] for s in range(self.players)],
            "best_lines": [self.best_lines[side_of(s)] for s in range(self.players)],
            "lines": self._lines_view(),
            "last_coffin": self._last_view(),
            # The cut cards go back into the pack, so they are shown only until the deal.
            "cut": [list(r) for r in self.cuts] if self.phase == "way" else [],
            "hand": self.rules.sort_cards(self.hands[seat]) if seat is not None and self.hands else None,
            "session": self._session_view(),
        }

    def _session_view(self) -> SessionView | None:
        if self.target <= 0:
            return None
        per_side = [sum(g[side] for g in self.games) for side in (0, 1)]
        return {
            "target": self.target,
            "game": self.game,
            "games": [[g[side_of(s)] for s in range(self.players)] for g in self.games],
            "totals": [per_side[side_of(s)] for s in range(self.players)],
        }


def cut(seed: int, game: int) -> tuple[tuple[tuple[str, str], ...], int, list[Event]]:
    """D-1: cut for the first deal until it decides; every round is shown to both players."""
    pack = decks.standard(2)
    rounds: list[tuple[str, str]] = []
    events: list[Event] = []
    for n in itertools.count(1):
        parts: tuple[int | str, ...] = ("cut", n) if game == 1 else ("game", game, "cut", n)
        order = decks.shuffled(pack, decks.rng(seed, *parts))
        a, b = order[0], order[1]
        rounds.append((a, b))
        drawn = f"Cut: {player(0)} draws {card_label(a)}, {player(1)} draws {card_label(b)}"
        winner = scoring.cut_winner(a, b)
        if winner is None:
            why = "a Vampire" if a in VAMPIRES or b in VAMPIRES else "both black"
            events.append(Event(f"{drawn}: {why}, so cut again."))
            continue
        events.append(Event(f"{drawn}: {player(winner)} deals first.", notable=True))
        return tuple(rounds), winner, events
    raise AssertionError("unreachable")


class DraculaRules(Rules):
    card_variant = "dracula"  # the Vampires: its own jokers
    guide = GUIDE
    key = "dracula"
    title = "Dracula"
    player_counts = (2, 4)
    quick_start = (
        "Together you fill a three-by-three coffin of cards; one side scores its rows, the other its columns",
        "On your turn put one card from your hand on an open cell touching a card already down",
        "Cards count their number, an Ace 1; a Queen 10 in a row only, a King 10 in a column only, a Jack 0",
        "A Vampire drains its row and column to 0. A full coffin scores each side's best line (a suit or colour "
        "multiplies it); most wins",
    )
    card_order = CardOrder()
    summary = ("Two players fill a three-by-three coffin of cards together, one scoring its rows and the "
               "other its columns; matching suits multiply a line and a Vampire wipes out its row and "
               "column. Also for four in partnerships. The source's three-player version is lost, so it is "
               "not offered.")
    options = (
        Option("deals", "int", 6, "How many deals make a game. Two players usually play 6, which uses "
               "the whole pack; four players usually play 1 deal of six coffins.",
               min=1, max=6, defaults_by_players=((2, 6), (4, 1))),
        Option("first_dealer", "seat", None, "Who deals first and picks the direction. Auto: two players "
               "cut for it (red beats black), four players leave it to chance."),
        Option("session_target", "int", 0, "Play game after game, adding up the scores, until a side reaches "
               "this many points (1000 is usual); 0 plays one game. Each new game two players cut again, "
               "unless a first dealer is set; then, as with four, it passes to the next seat.",
               min=0, max=5000),
    )

    def _new_game(self, players: int, seed: int, options: Mapping[str, OptionValue],
                  deck: tuple[str, ...] | None) -> DraculaState:
        if deck is not None:  # a bad stacked deck is an error now, not at the first deal
            decks.stack(decks.standard(2) if players == 2 else decks.standard(), deck, decks.rng(seed, "check"))
        chosen = options["first_dealer"]
        if isinstance(chosen, int):
            cuts: tuple[tuple[str, str], ...] = ()
            first = chosen
            events = [Event(f"{player(first)} deals first, as the table chose.", notable=True)]
        elif players == 2:
            cuts, first, events = cut(seed, 1)
        else:
            cuts, first = (), decks.rng(seed, "first_dealer").randrange(players)
            events = [Event(f"{player(first)} deals first, chosen by lot.", notable=True)]
        return DraculaState(
            rules=self, players=players, seed=seed, options=dict(options), deck=deck, phase="way",
            cuts=cuts, first_dealer=first, dealer=first, turn=first,
            hands=tuple(() for _ in range(players)), log=tuple(events),
        )

    def parse_action(self, token: str) -> Action:
        return parse(token)

    def example(self) -> Example[State]:
        """The second deal of a game for two (EXAMPLE_SEED, EXAMPLE_MOVES): {p1}, scoring the
        columns, holds the club that would finish a middle column of three clubs."""
        state = self.new_game(2, seed=EXAMPLE_SEED)
        for token in EXAMPLE_MOVES:
            state = state.apply(min(state.to_move), token)
        assert isinstance(state, DraculaState) and state.ways is not None
        seat = state.turn
        mine = state.ways[side_of(seat)]
        caption = f"Your turn: you score the {DIR_WORDS[mine]}; play a card beside one already in the coffin"
        for action in state.legal_actions(seat):
            assert isinstance(action, Place)
            after = list(state.cells)
            after[action.cell] = action.card
            line = next(line for line in LINES[mine] if action.cell in line)
            toks = [after[i] for i in line]
            if None not in toks and scoring.multiplier([t for t in toks if t]) == 5:
                worth = scoring.line_value([t for t in toks if t], mine)
                suit = SUIT_NAMES["standard"][action.card[-1]]
                caption = (f"Your turn: you score the {DIR_WORDS[mine]}; {short(action.card)} at the "
                           f"{CELL_NAMES[action.cell]} would finish a {DIR_WORDS[mine][:-1]} of three {suit}, "
                           f"worth {worth}")
                break
        return Example(state, seat, caption)
