"""Fscking Ace: take turns flipping cards from one stock, stopping to bank them before a spade
wipes out the turn; whoever turns up the Ace of spades pays everyone (docs/rules/fscking-ace.md,
rulings A-1..A-4).

Nothing is dealt: each round is played from one shuffled stock, flipped from the top. The table
plays round after round; between rounds the game waits for the table to play on (``next``) or
stop (``end``), unless a ``rounds`` limit ends it by itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from games.core import decks
from games.core.actions import Action
from games.core.base import VIEW_LOG_LINES, Event, Outcome, Rules, TurnState, player
from games.core.options import Option, OptionValue
from games.core.stakes import money
from games.core.teaching import Coaching, Example

from . import values
from .actions import END, FLIP, JOIN, NEXT, parse, stop
from .guide import (
    CARD_ORDER,
    COACH_BETWEEN,
    COACH_DOUBLED,
    COACH_FLIP,
    COACH_ONLY_ACE,
    COACH_PUSH,
    GUIDE,
    QUICK_START,
    SUMMARY,
)
from .values import ACE, REVERSE, SPADE_TWO, RoundSettlement, is_spade, label
from .view import FsckingAcePart, FsckingAceView, Phase

CLOCKWISE, COUNTERCLOCKWISE = 1, -1
DIRECTION_NAMES = {CLOCKWISE: "clockwise", COUNTERCLOCKWISE: "counterclockwise"}
LOTS = 100  # first dealer by lot: each player draws a different number from 1 to 100
# The rules' example: four players, seed 7, the computer's first 25 moves. {p0} has 2♥ and 9♥
# on the line (worth $9 with the red 2's doubling), and the computer would stop.
EXAMPLE_SEED = 7
EXAMPLE_MOVES = (
    "flip", "flip", "flip", "flip", "stop", "flip", "flip", "flip", "flip", "flip", "stop", "flip", "flip",
    "flip", "flip", "flip", "stop", "flip", "flip", "flip", "stop", "flip", "flip", "flip", "flip",
)


@lru_cache(maxsize=64)
def pack_for(players: int, remove_extra_twos: bool) -> tuple[str, ...]:
    """The round's pack, unshuffled: one 48-card pack per five players, with one Ace of spades."""
    return tuple(decks.fscking_ace(decks.packs_for_fscking_ace(players), remove_extra_twos=remove_extra_twos))


@lru_cache(maxsize=64)
def _labels(players: int, remove_extra_twos: bool) -> tuple[tuple[str, str], ...]:
    return tuple((label(t), t) for t in sorted(set(pack_for(players, remove_extra_twos))))


@lru_cache(maxsize=64)
def _spades(players: int, remove_extra_twos: bool) -> int:
    return sum(1 for c in pack_for(players, remove_extra_twos) if is_spade(c))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(frozen=True, kw_only=True, repr=False)
class FsckingAceState(TurnState):
    # ``turn`` is the player flipping; between rounds, the player who opens the next round.
    phase: Phase = "play"
    round_no: int = 1
    dealer: int = 0  # the first round's dealer; the seat after them opens it
    lots: tuple[int, ...] = ()  # the numbers drawn to choose the first dealer (if chosen by lot)
    stock: tuple[str, ...] = ()  # this round's stock as shuffled, top first; stock[:drawn] are face up
    drawn: int = 0
    step: int = CLOCKWISE
    flips: tuple[str, ...] = ()  # this turn's cards, not yet scored
    scored: tuple[tuple[str, ...], ...] = ()  # per seat, this round
    discards: tuple[str, ...] = ()  # this round's lost cards, face up
    balances: tuple[int, ...] = ()  # per seat, cents over the game; ``settlements`` has one per round

    # -- the contract ----------------------------------------------------------------------
    @property
    def remove_extra_twos(self) -> bool:
        return bool(self.options["remove_extra_twos"])

    @property
    def pack(self) -> tuple[str, ...]:
        return pack_for(self.players, self.remove_extra_twos)

    @property
    def last_settlement(self) -> RoundSettlement | None:
        last = self.settlements[-1] if self.settlements else None
        return last if isinstance(last, RoundSettlement) else None

    @property
    def between_rounds(self) -> bool:
        return self.phase == "between"

    @property
    def final_round(self) -> bool:
        limit = self.int_option("rounds")
        return bool(limit) and self.round_no >= limit

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.drawn

    def seen(self) -> tuple[str, ...]:
        """Every card turned face up this round (scored, in this turn's flips, or discarded)."""
        return tuple(c for pile in self.scored for c in pile) + self.flips + self.discards

    def _legal(self, seat: int) -> tuple[Action, ...]:
        if self.phase == "between":
            return (NEXT, END, JOIN) if self.can_join else (NEXT, END)
        if not self.flips:
            return (FLIP,)
        return (FLIP, stop(self._banked_text()))

    def _banked_text(self) -> str:
        now = values.value(self.scored[self.turn])
        after = values.value(self.scored[self.turn] + self.flips)
        return f"{_plural(len(self.flips), 'card')} (+{money(after - now)})"

    def why_illegal(self, seat: int, action: Action) -> str:
        if self.phase == "between":
            return "the round is over: the table is choosing whether to play another"
        if action.token == "stop":
            return "flip at least one card before you stop"
        if action.token in ("next", "end", "join"):
            return "the round is still going: flip a card or stop"
        return super().why_illegal(seat, action)

    @property
    def unseen_spades(self) -> int:
        """Spades not yet turned up this round (the Ace among them while the round is on)."""
        return _spades(self.players, self.remove_extra_twos) - sum(1 for c in self.seen() if is_spade(c))

    def coaching(self, seat: int) -> Coaching | None:
        """The moment ``seat`` faces: the turn's compulsory first flip ("flip"), flip or stop with
        cards on the line ("push"; "only-ace" once every other spade is out; "doubled" with a 2♠
        kept, A-1), or the table's choice between rounds ("between-rounds")."""
        if seat not in self.to_move:
            return None
        if self.phase == "between":
            return Coaching("between-rounds", COACH_BETWEEN)
        if not self.flips:
            return Coaching("flip", COACH_FLIP)
        if self.unseen_spades == 1:
            return Coaching("only-ace", COACH_ONLY_ACE)
        if SPADE_TWO in self.scored[seat]:
            return Coaching("doubled", COACH_DOUBLED)
        return Coaching("push", COACH_PUSH)

    def hidden_cards(self, seat: int | None) -> frozenset[str]:
        """The stock's cards, which nobody may see, spectators included.

        With several packs a token can be both in the stock and face up (another copy of it), and
        the log names cards flipped earlier (perhaps in the round before, since reshuffled into
        this stock). A token is hidden only while no copy of it is on view: not face up this
        round and not named in the log lines a view carries.
        """
        named = {tok for text, *_ in self.log[-VIEW_LOG_LINES:]
                 for lab, tok in _labels(self.players, self.remove_extra_twos) if lab in text}
        return frozenset(set(self.stock[self.drawn:]) - set(self.stock[:self.drawn]) - named)

    # -- moves -----------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> FsckingAceState:
        if action.token == "flip":
            return self._flip(seat)
        if action.token == "stop":
            return self._stop(seat)
        if action.token == "next":
            return self._start_round(self.round_no + 1, self.turn)
        if action.token == "join":
            return self._join()
        assert action.token == "end"
        note = Event(f"The table ends the game after round {self.round_no}.", notable=True)
        return dataclasses.replace(self, log=self.with_events(note))._finish()

    def _next_seat(self, seat: int, step: int) -> int:
        return (seat + step) % self.players

    def _flip(self, seat: int) -> FsckingAceState:
        card = self.stock[self.drawn]
        drawn = self.drawn + 1
        who = player(seat)
        if not is_spade(card):
            note = Event(f"{who} flips {label(card)}.")
            return dataclasses.replace(self, drawn=drawn, flips=self.flips + (card,), log=self.with_events(note))
        lost = len(self.flips)
        lost_text = f" The {_plural(lost, 'card')} flipped this turn {'is' if lost == 1 else 'are'} discarded." \
            if lost else ""
        scored = self.scored
        discards = self.discards + self.flips
        step = self.step
        if card == ACE:
            note = Event(f"{who} flips {label(card)} and loses round {self.round_no}.{lost_text}", notable=True)
            state = dataclasses.replace(self, drawn=drawn, flips=(), discards=discards + (card,),
                                        log=self.with_events(note))
            return state._settle(seat)
        if card == SPADE_TWO:
            # the 2♠ is kept as a scored card; it doubles what its holder pays on losing.
            kept = list(scored)
            kept[seat] = kept[seat] + (card,)
            scored = tuple(kept)
            note = Event(f"{who} flips {label(card)}: the turn ends, and {who} keeps it, which doubles "
                         f"whatever {who} pays if they lose this round.{lost_text}", notable=True)
        elif card == REVERSE:
            step = -step
            discards += (card,)
            note = Event(f"{who} flips {label(card)}: the turn ends and play reverses, now going "
                         f"{DIRECTION_NAMES[step]}.{lost_text}", notable=True)
        else:
            discards += (card,)
            note = Event(f"{who} flips {label(card)}: the turn ends.{lost_text}", notable=lost > 0)
        return dataclasses.replace(
            self, drawn=drawn, flips=(), scored=scored, discards=discards, step=step,
            turn=self._next_seat(seat, step), log=self.with_events(note),
        )

    def _stop(self, seat: int) -> FsckingAceState:
        kept = list(self.scored)
        kept[seat] = kept[seat] + self.flips
        mine = kept[seat]
        note = Event(f"{player(seat)} stops and scores {_plural(len(self.flips), 'card')}; "
                     f"this round {_plural(len(mine), 'card')} worth {money(values.value(mine))}.")
        return dataclasses.replace(self, flips=(), scored=tuple(kept), turn=self._next_seat(seat, self.step),
                                   log=self.with_events(note))

    def _join(self) -> FsckingAceState:
        """A newcomer takes the next seat; the next round's pack is made for the new table size."""
        seat = self.players
        note = Event(f"{player(seat)} joins the table and plays from round {self.round_no + 1}.", notable=True)
        return dataclasses.replace(self, players=seat + 1, balances=self.balances + (0,),
                                   scored=self.scored + ((),), log=self.with_events(note))

    # -- rounds ------------------------------------------------------------------------------
    def _start_round(self, round_no: int, opener: int) -> FsckingAceState:
        """A fresh stock (the stacked deck, for the first round), every pile empty, play clockwise."""
        deck = self.deck if round_no == 1 else None
        stock = decks.stack(self.pack, deck, decks.rng(self.seed, "round", round_no))
        if round_no == 1:
            text = f"Round 1: {player(self.dealer)} shuffles and {player(opener)} flips first."
        else:
            text = f"Round {round_no}: a fresh shuffle, and {player(opener)} flips first."
        return dataclasses.replace(
            self, phase="play", round_no=round_no, stock=tuple(stock), drawn=0, turn=opener, step=CLOCKWISE,
            flips=(), scored=((),) * self.players, discards=(), log=self.with_events(Event(text)),
        )

    def _settle(self, loser: int) -> FsckingAceState:
        settlement = values.settle(self.round_no, loser, self.scored, self.step)
        net = settlement.net(self.players)
        balances = tuple(b + n for b, n in zip(self.balances, net, strict=True))
        state = dataclasses.replace(
            self, phase="between", turn=self._next_seat(loser, self.step), balances=balances,
            settlements=self.settlements + (settlement,),
            log=self.with_events(Event(self._settlement_line(settlement), notable=True)),
        )
        limit = self.int_option("rounds")
        if limit and self.round_no >= limit:
            last = Event(f"That was the last of the {_plural(limit, 'round')} the table set.", notable=True)
            return dataclasses.replace(state, log=state.with_events(last))._finish()
        return state

    def _settlement_line(self, s: RoundSettlement) -> str:
        payer = player(s.loser)
        stakes = [t for t in s.transfers if not t.reason.startswith(values.BONUS_REASON)]
        bonus = [t for t in s.transfers if t.reason.startswith(values.BONUS_REASON)]
        paid = ", ".join(f"{player(t.payee)} {money(t.cents)}" for t in stakes)
        pot = money(sum(t.cents for t in bonus))
        if len(bonus) == 1:
            to = f"the {pot} most-cards bonus to {player(bonus[0].payee)}"
        else:
            names = ", ".join(player(t.payee) for t in bonus[:-1]) + f" and {player(bonus[-1].payee)}"
            to = f"the {pot} most-cards bonus shared by {names}"
        why = ""
        if s.multiplier > 1:
            why = f" Everything is {values.times(s.multiplier)}, as {payer} kept {values.kept_twos(s.multiplier)}."
        return (f"Round {s.round} settled: {payer} pays {paid}, and {to}; "
                f"{money(s.total)} in all.{why}")

    def _finish(self) -> FsckingAceState:
        scores = self.balances
        best = max(scores)
        rounds = _plural(len(self.settlements), "round")
        standings = ", ".join(f"{player(s)} {money(c, sign=True)}" for s, c in enumerate(scores))
        if min(scores) == best:
            winners: frozenset[int] = frozenset()
            detail = f"Everyone is level after {rounds}."
        else:
            winners = frozenset(s for s, c in enumerate(scores) if c == best)
            top = sorted(winners)
            names = player(top[0]) if len(top) == 1 else ", ".join(player(s) for s in top[:-1]) + \
                f" and {player(top[-1])}"
            detail = f"{names} {'finishes' if len(top) == 1 else 'finish'} ahead after {rounds}: {standings}."
        return dataclasses.replace(self, phase="over", result=Outcome(scores, winners, detail),
                                   log=self.with_events(Event(detail, notable=True)))

    # -- presentation ------------------------------------------------------------------------
    def status(self, seat: int | None) -> str:
        if self.result is not None:
            return f"Game over. {self.result.detail}"
        if self.phase == "between":
            return f"Round {self.round_no} settled; {player(self.turn)} opens the next round."
        who = player(self.turn)
        left = f"{_plural(self.stock_left, 'card')} left"
        if not self.flips:
            return f"Round {self.round_no}: {who} to flip a card ({left}, play goes {DIRECTION_NAMES[self.step]})."
        return (f"Round {self.round_no}: {who} has {_plural(len(self.flips), 'card')} on the line; "
                f"flip again or stop and score them ({left}).")

    def view(self, seat: int | None) -> FsckingAceView:
        return {**self.shared_view(seat), **self._view(seat)}

    def _view(self, seat: int | None) -> FsckingAcePart:
        # Everything here is public (nothing is dealt to hands), so every seat and every spectator
        # sees the same table; only the stock's order, and so its next cards, stays hidden.
        piles = [values.pile(s) for s in self.scored]
        last = self.last_settlement
        live = self.phase == "play"
        return {
            "phase": self.phase,
            "round": self.round_no,
            "rounds_played": len(self.settlements),
            "dealer": self.dealer,  # who shuffled the first round
            "lots": list(self.lots),  # the numbers drawn for it, by seat (empty if the table chose)
            "turn": self.turn if live else None,
            "opener": self.turn if self.phase == "between" else None,  # who opens the next round
            "direction": DIRECTION_NAMES[self.step],
            "flips": list(self.flips),  # this turn's cards, not yet scored
            # What the turn player's round would be worth, in cents, if they stopped now.
            "turn_value": values.value(self.scored[self.turn] + self.flips) if live else None,
            "scored": [list(s) for s in self.scored],
            "values": [p.value for p in piles],  # cents
            "card_counts": [p.cards for p in piles],
            "doublers": [[p.red_twos, p.club_twos, p.spade_twos] for p in piles],  # red 2s, 2♣s, 2♠s
            "stock": self.stock_left,
            "unseen_spades": self.unseen_spades,
            "discarded": len(self.discards),
            "bonus": values.BONUS_PER_PLAYER * self.players,  # cents, before any doubling
            "balances": list(self.balances),  # cents over the game
            "last_settlement": last.summary(self.players) if last is not None else None,
        }


# One more pack for every five players, as far as a table can go: the ceiling is the table picture,
# whose seats grow a row for every four players (30 players: six packs, 283 cards, a picture of
# about 2,000 pixels, the tallest a phone shows legibly).
MOST_PLAYERS = 30


class FsckingAceRules(Rules):
    card_variant = "fscking-ace"  # the $5 and $10 jokers
    key = "fscking-ace"
    title = "Fscking Ace"
    player_counts = tuple(range(3, MOST_PLAYERS + 1))
    card_order = CARD_ORDER
    summary = SUMMARY
    guide = GUIDE
    quick_start = QUICK_START
    open_play = True  # nothing is dealt: the whole game is on the table
    open_ended = True
    joinable = True
    score_unit = "money"
    options = (
        Option("remove_extra_twos", "bool", False, "With two or more packs (six players or more), keep only "
               "one pack's 2s, so there are fewer doublers and smaller swings."),
        Option("rounds", "int", 0, "Stop by itself after this many rounds; 0 plays until the table "
               "decides to end the game.", min=0, max=100),
        Option("first_dealer", "seat", None, "Who shuffles for the first round (the next player flips first). "
               "Auto: drawn by lot."),
    )

    def _new_game(self, players: int, seed: int, options: Mapping[str, OptionValue],
                  deck: tuple[str, ...] | None) -> FsckingAceState:
        pack = pack_for(players, bool(options["remove_extra_twos"]))
        if deck is not None:  # a bad stacked deck is an error now, not at the first flip
            decks.stack(pack, deck, decks.rng(seed, "check"))
        chosen = options["first_dealer"]
        lots: tuple[int, ...] = ()
        if isinstance(chosen, int):
            dealer = chosen
            note = Event(f"{player(dealer)} shuffles for the first round, as the table chose.")
        else:
            lots = tuple(decks.rng(seed, "first_dealer").sample(range(1, LOTS + 1), players))
            dealer = lots.index(max(lots))
            drawn = ", ".join(f"{player(s)} {n}" for s, n in enumerate(lots))
            note = Event(f"Lots for the first shuffle: {drawn}. {player(dealer)} drew highest.")
        state = FsckingAceState(
            rules=self, players=players, seed=seed, options=dict(options), deck=deck, dealer=dealer, lots=lots,
            balances=(0,) * players, log=(note,),
        )
        return state._start_round(1, (dealer + 1) % players)

    def parse_action(self, token: str) -> Action:
        return parse(token)

    def example(self) -> Example[FsckingAceState]:
        """Round 1 at a table of four (EXAMPLE_SEED, EXAMPLE_MOVES): {p0} has two hearts on the
        line, a red 2 among them, and chooses whether to flip again."""
        state = self.new_game(4, seed=EXAMPLE_SEED)
        assert isinstance(state, FsckingAceState)
        for token in EXAMPLE_MOVES:
            state = state.apply(state.turn, token)
        assert state.flips
        seat = state.turn
        now = values.value(state.scored[seat])
        gain = values.value(state.scored[seat] + state.flips) - now
        caption = (f"Your turn: {_plural(len(state.flips), 'card')} on the line (+{money(gain)}), and "
                   f"{state.unseen_spades} of the {state.stock_left} unseen cards are spades. Flip again or stop?")
        return Example(state, seat, caption)
