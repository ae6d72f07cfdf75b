"""Bullshit's computer player.

It keeps count of what it can know: its own cards of each rank, and the cards it put into the
pile itself since the pile was last picked up (it knows what they were). From that it judges each
claim. It never reads a card its seat cannot see: of the others' plays it uses only how many cards
they put down.

- **Calling.** A claim of more cards of a rank than can be out of its sight is a lie: it calls.
  Otherwise it weighs how likely the claimer is to hold that many of the rank among the cards it
  cannot place, against the size of the pile it would pick up if wrong. A player putting down
  their last cards is always called when only the winner counts (letting them stand loses the
  game; a wrong call only costs a pile nobody needs any more).
- **Waiting.** As the next player it lets a window run its course rather than play over it,
  so a person at the table always has their time to call.
- **Playing.** It plays every card it holds of the rank asked. With none it must lie, and puts
  down one card of the rank it will be asked for last (the one it can least use honestly soon).
  Now and then, when the pile is small and the claim stays believable, it slips one such card in
  with honest ones. It never bluffs its last cards unless it has to.

``_decide`` makes the choice and keeps what it weighed (a :class:`Judgement` of the claim, or the
kind of play), so that ``explain`` gives the reasons the choice came from. The Easy player
(``choose_easy``) plays the cards of the rank asked with one more slipped in at random (one card
at random when it has none), and calls only a claim its own hand proves false.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Literal

from games.core import cards, decks
from games.core.actions import Action
from games.core.base import player
from games.core.cards import STANDARD_RANKS

from .hard import choose_hard as choose_hard
from .rules import CALL, PASS, BullshitState, Play, count_word, packs_for, rank_name

BLUFF_CHANCE = 0.3
SMALL_PILE = 8  # a card is slipped in with honest ones only on a smaller pile
CALL_AT = 0.45  # how far doubt must outweigh the pile's cost to call
COSTLY_PILE = 8  # a pile too big to risk on a guess, as the reasons say it (below it, "not enough")
HUNCH_DOUBT, HUNCH_CHANCE = 0.3, 0.15  # a doubtful claim is called now and then all the same

CallKind = Literal["last", "impossible", "doubt", "hunch"]
PassKind = Literal["costly", "doubtful", "believable"]
PlayKind = Literal["unload", "slip", "honest", "forced", "other"]


@dataclass(frozen=True)
class Judgement:
    """A claim as the seat judges it: ``claimer`` says ``n`` cards of ``rank``; of the ``copies``
    of that rank in the game the seat holds ``in_hand`` and put ``in_pile`` into the pile itself;
    the claimer's hand (``holder`` cards before the play) should hold about ``expected`` of the
    ones out of its sight; ``doubt`` (0 to 1) is how far the claim goes beyond that; ``pile`` is
    the pile it would pick up if wrong; ``last``: the claimer's last cards, the winner alone
    counting."""

    claimer: int
    rank: str
    n: int
    copies: int
    in_hand: int
    in_pile: int
    holder: int
    expected: float
    doubt: float
    pile: int
    last: bool

    @property
    def known(self) -> int:
        return self.in_hand + self.in_pile

    @property
    def impossible(self) -> bool:
        return self.n > self.copies - self.known

    @property
    def risk(self) -> float:
        return self.pile / 20


@dataclass(frozen=True)
class Decision:
    """What ``_decide`` chose and why: ``kind`` names the reason (a call's, a pass's or a
    play's), with the claim's :class:`Judgement` in a window, and for a play the cards of the
    rank asked among it (``honest``) and the rest (``spare``)."""

    action: Action
    kind: CallKind | PassKind | PlayKind
    judgement: Judgement | None = None
    honest: tuple[str, ...] = ()
    spare: tuple[str, ...] = ()


def choose(state: BullshitState, seat: int, rng: random.Random) -> Action:
    return _decide(state, seat, rng).action


def _decide(state: BullshitState, seat: int, rng: random.Random) -> Decision:
    window = state.window
    if window is not None:
        # Call or let it stand; never play over an open window, which would cut short the
        # others' time to call (it plays once the window has closed).
        if seat not in window.waiting:
            return Decision(PASS, "believable")
        judged = _judge(state, seat)
        kind = _call_kind(judged, rng)
        if kind is not None:
            return Decision(CALL, kind, judged)
        return Decision(PASS, _pass_kind(judged), judged)
    return _play(state, seat, rng)


def _sight(state: BullshitState, seat: int) -> Counter[str]:
    """How many of each rank this seat can place: in its hand, or put into the pile by itself
    since it was last picked up."""
    return _in_hand(state, seat) + _own_plays(state, seat)


def _in_hand(state: BullshitState, seat: int) -> Counter[str]:
    return Counter(cards.rank_of(c) for c in state.hands[seat])


def _own_plays(state: BullshitState, seat: int) -> Counter[str]:
    """The ranks of the cards ``seat`` itself put into the pile now."""
    return Counter(cards.rank_of(c) for by, played in _pile_plays(state) if by == seat for c in played)


def _pile_plays(state: BullshitState) -> list[tuple[int, tuple[str, ...]]]:
    """The plays (seat, cards) in the pile now, from the history: those since the last call."""
    plays: list[tuple[int, tuple[str, ...]]] = []
    for seat, token in state.history:
        if token == "call":
            plays = []
        elif token.startswith("play:"):
            plays.append((seat, cards.split(token[5:])))
    return plays


def _judge(state: BullshitState, seat: int) -> Judgement:
    """The open window's claim weighed from ``seat``'s view: only how many cards were put down."""
    window = state.window
    assert window is not None
    copies = 4 * packs_for(state.players)
    in_hand = _in_hand(state, seat)[window.rank]
    in_pile = _own_plays(state, seat)[window.rank]
    n = len(window.cards)
    unseen = sum(len(h) for s, h in enumerate(state.hands) if s != seat) + n  # the claimer's cards were in hand
    out_there = copies - in_hand - in_pile
    holder = len(state.hands[window.seat]) + n
    # The chance a random hand of ``holder`` cards from ``unseen`` holds ``n`` or more of the
    # ``out_there`` cards of the rank, roughly: expected count against the claim.
    expected = holder * out_there / max(1, unseen)
    doubt = max(0.0, min(1.0, (n - expected) / max(1.0, n)))
    last = window.last_cards and not state.options["places"]
    return Judgement(window.seat, window.rank, n, copies, in_hand, in_pile, holder, expected, doubt,
                     len(state.pile), last)


def _call_kind(judged: Judgement, rng: random.Random) -> CallKind | None:
    """Why to call the claim, or None to let it stand. Draws from ``rng`` only for a doubtful
    claim not worth calling outright."""
    if judged.last:
        return "last"
    if judged.impossible:
        return "impossible"  # more than can be out of its sight
    if judged.doubt - judged.risk > CALL_AT:
        return "doubt"
    if judged.doubt > HUNCH_DOUBT and rng.random() < HUNCH_CHANCE:
        return "hunch"
    return None


def _pass_kind(judged: Judgement) -> PassKind:
    if judged.doubt > CALL_AT:
        return "costly"  # doubtful enough to call, but for the pile
    return "doubtful" if judged.doubt > HUNCH_DOUBT else "believable"


def _call_rate(state: BullshitState, seat: int) -> tuple[float, int]:
    """How often the others have called the plays they could have called this game (with a
    prior of one call in two), and how many such plays there were."""
    plays, calls = _others_calls(state, seat)
    return (calls + 1) / (plays + 2), plays


def _others_calls(state: BullshitState, seat: int) -> tuple[int, int]:
    """The others' plays and calls this game."""
    plays = sum(1 for s, t in state.history if t.startswith("play:") and s != seat)
    calls = sum(1 for s, t in state.history if t == "call" and s != seat)
    return plays, calls


def _play(state: BullshitState, seat: int, rng: random.Random) -> Decision:
    hand = state.rules.sort_cards(state.hands[seat])
    rank = STANDARD_RANKS[state.rank]
    honest = [c for c in hand if cards.rank_of(c) == rank][: state.most]
    rate, seen = _call_rate(state, seat)
    if seen >= 6 and rate < 0.08 and len(hand) > state.most:  # a table that does not call: unload
        spare = sorted((c for c in hand if c not in honest), key=lambda c: -_distance(c, state.rank))
        chosen = state.rules.sort_cards([*honest, *spare][: max(len(honest), min(4, state.most))])
        return _play_decision(state, Play(tuple(chosen), rank), "unload")
    if honest:
        spare = [c for c in hand if c not in honest]
        copies = 4 * packs_for(state.players)
        if (spare and len(honest) < state.most and len(honest) + 1 <= copies - 1 and len(state.pile) < SMALL_PILE
                and len(spare) > 2 and rng.random() < BLUFF_CHANCE):
            play = Play(tuple(state.rules.sort_cards([*honest, _furthest(spare, state.rank)])), rank)
            return _play_decision(state, play, "slip")
        return _play_decision(state, Play(tuple(honest), rank), "honest")
    return _play_decision(state, Play((_furthest(hand, state.rank),), rank), "forced")


def _play_decision(state: BullshitState, play: Play, kind: PlayKind) -> Decision:
    rank = STANDARD_RANKS[state.rank]
    honest = tuple(c for c in play.cards if cards.rank_of(c) == rank)
    spare = tuple(c for c in play.cards if cards.rank_of(c) != rank)
    return Decision(play, kind, honest=honest, spare=spare)


def _distance(card: str, rank_index: int) -> int:
    """How many plays until the card's rank is asked for."""
    return (STANDARD_RANKS.index(cards.rank_of(card)) - rank_index) % len(STANDARD_RANKS)


def _furthest(hand: list[str], rank_index: int) -> str:
    """The card whose rank comes round last from here."""
    return max(hand, key=lambda c: _distance(c, rank_index))


# -- the Easy computer ----------------------------------------------------------------------------
def choose_easy(state: BullshitState, seat: int, rng: random.Random) -> Action:
    """A beginner's rules of thumb, counting nothing beyond its own hand. It plays every card it
    holds of the rank asked and, eager to get rid of cards, slips one other card in at random with
    them while its hand is big (not with one other player left, who holds nearly every card it does
    not); holding none it plays one card at random. It calls only a claim its own hand proves
    false (more of the rank than it leaves out there), never on a guess nor on a player's last
    cards, and never plays over an open window. (A more cautious beginner, who never slips a card
    in, is in fact hard for the Normal player: its calls on a guess cost it piles against a
    truthful table.)"""
    window = state.window
    if window is not None:
        if seat not in window.waiting:
            raise ValueError("that seat has nothing to do now")
        copies = 4 * packs_for(state.players)
        return CALL if len(window.cards) > copies - _in_hand(state, seat)[window.rank] else PASS
    if not state.can_play(seat) or not state.hands[seat]:
        raise ValueError("that seat has nothing to do now")
    hand = state.rules.sort_cards(state.hands[seat])
    rank = STANDARD_RANKS[state.rank]
    honest = [c for c in hand if cards.rank_of(c) == rank][: state.most]
    if not honest:
        return Play((rng.choice(hand),), rank)
    spare = [c for c in hand if c not in honest]
    if spare and len(honest) < state.most and len(hand) > state.most and len(state.playing) > 2:
        honest.append(rng.choice(spare))
    return Play(tuple(state.rules.sort_cards(honest)), rank)


# -- why the computer plays what it plays -----------------------------------------------------------
def explain(state: BullshitState, seat: int, action: Action) -> tuple[str, ...]:
    """Why the computer makes ``action``: for the move it chooses (the registry's computer move,
    re-run with the same generator), the terms its decision came from; for another move, the same
    terms said of that move. Only the seat's own cards, its own plays, and how many cards the
    others hold and put down go into them."""
    decided = _decide(state, seat, decks.rng(state.seed, "default", len(state.history)))
    if decided.action.token != action.token:
        decided = _describe(state, seat, action)
    return _reasons(state, seat, decided)


def _describe(state: BullshitState, seat: int, action: Action) -> Decision:
    """A move the computer did not choose, classified by what it weighs."""
    if action.token in (CALL.token, PASS.token):
        if state.window is None or seat not in state.window.waiting:
            raise ValueError(f"{action.token} is not a move {player(seat)} may make now")
        judged = _judge(state, seat)
        if action.token == PASS.token:
            return Decision(PASS, _pass_kind(judged), judged)
        sure: CallKind | None = "last" if judged.last else "impossible" if judged.impossible else None
        return Decision(CALL, sure or ("doubt" if judged.doubt - judged.risk > CALL_AT else "hunch"), judged)
    have, want = Counter(state.hands[seat]), Counter(action.cards) if isinstance(action, Play) else Counter()
    fits = all(have[c] >= k for c, k in want.items()) and 1 <= sum(want.values()) <= state.most
    if not isinstance(action, Play) or not fits or seat not in state.to_move or not state.can_play(seat):
        raise ValueError(f"{action.token} is not a move {player(seat)} may make now")
    rank = STANDARD_RANKS[state.rank]
    held = sum(1 for c in state.hands[seat] if cards.rank_of(c) == rank)
    decided = _play_decision(state, Play(action.cards, rank), "other")
    honest, spare = decided.honest, decided.spare
    others = [c for c in state.hands[seat] if cards.rank_of(c) != rank]
    spares_last = len(spare) == 1 and _distance(spare[0], state.rank) == _distance(_furthest(others, state.rank),
                                                                                 state.rank)
    kind: PlayKind = "other"
    if not spare and len(honest) == min(held, state.most):
        kind = "honest"
    elif spares_last and honest and len(honest) == min(held, state.most):
        kind = "slip"  # the card the computer would slip in (one of its rank)
    elif spares_last and not held:
        kind = "forced"
    return Decision(decided.action, kind, honest=honest, spare=spare)


def _count(n: int, rank: str) -> str:
    """"two 9s", "one King"."""
    return f"{count_word(n)} {rank_name(rank, n)}"


def _about(x: float) -> str:
    whole = int(x + 0.5)
    return "none" if whole == 0 else f"about {count_word(whole)}"


def _reasons(state: BullshitState, seat: int, decided: Decision) -> tuple[str, ...]:
    if decided.judgement is not None:
        reasons = _window_reasons(decided, decided.judgement)
        if decided.action == PASS and state.can_play(seat):  # why it does not play over the window
            return (reasons[0], "You play next; waiting gives the others their time to call")
        return reasons
    if isinstance(decided.action, Play):
        return _play_reasons(state, seat, decided)
    return ("Lets it stand: you have no say in this play",)


def _window_reasons(decided: Decision, j: Judgement) -> tuple[str, ...]:
    who = player(j.claimer)
    claim = _count(j.n, j.rank)
    unseen = j.copies - j.known
    of = f"of the {'only' if unseen == 1 else count_word(unseen)} {rank_name(j.rank, unseen)} you can't see"
    guess = f"{who} had {j.holder} cards: likely {_about(j.expected)} {of}"
    whole = int(j.expected + 0.5)
    beyond = (f"{who} had {j.holder} cards: likely {_about(j.expected)} {of}, not {count_word(j.n)}" if whole < j.n
              else f"{who} had {j.holder} cards: likely fewer than {count_word(j.n)} {of}")
    if decided.kind == "last":
        return (f"Calls: these are {who}'s last cards, and if the play stands they win",
                "If they told the truth they win anyway (S-3), so calling costs nothing")
    if decided.kind == "impossible":
        if j.in_pile == 0:
            held = "all" if j.known == j.copies else f"{count_word(j.known)} of the"
            where = f"you hold {held} {count_word(j.copies)}"
        elif j.in_hand == 0:
            where = f"you put {count_word(j.known)} of the {count_word(j.copies)} in the pile yourself"
        else:
            where = (f"you hold {count_word(j.in_hand)} of the {count_word(j.copies)} and put "
                     f"{count_word(j.in_pile)} in the pile yourself")
        return (f"Calls: {who} claims {claim}, and {where}",
                f"It can't be true, so {who} picks up the pile of {j.pile}")
    if decided.kind == "doubt":
        return (f"Calls: {beyond}", f"If you're wrong, the pile is only {j.pile}")
    if decided.kind == "hunch":
        return (f"Calls on a hunch: a claim of {claim} is doubtful, worth testing now and then", beyond)
    if decided.kind == "costly":
        if j.pile >= COSTLY_PILE:
            return (f"Lets it stand: the pile of {j.pile} is too costly to pick up on a guess", f"Though {beyond}")
        return (f"Lets it stand: a claim of {claim} is doubtful, but not enough to risk the pile of {j.pile}",
                f"Though {beyond}")
    if decided.kind == "doubtful":
        return (f"Lets it stand: a claim of {claim} is only a little doubtful", guess)
    return (f"Lets it stand: a claim of {claim} is believable", guess)


def _play_reasons(state: BullshitState, seat: int, decided: Decision) -> tuple[str, ...]:
    rank = STANDARD_RANKS[state.rank]
    honest, spare = decided.honest, decided.spare
    n = len(honest) + len(spare)
    last = n == len(state.hands[seat])
    if n == 1:
        true = "true" if honest else "a bluff"
    else:
        true = f"{count_word(len(honest))} of them true" if honest else "none of them true"
    if decided.kind == "unload":
        plays, calls = _others_calls(state, seat)
        return (f"Unloads {count_word(n)} cards as {rank_name(rank)}, {true}: this table hardly ever calls",
                f"The others have called {calls} {'time' if calls == 1 else 'times'} in their {plays} plays")
    if decided.kind == "honest":
        yours = f"your {_count(n, rank)}" if n > 1 else f"your {rank_name(rank, 1)}"
        first = f"Plays {yours} honestly: no risk if called"
        if not last:
            return (first,)
        it = "They are your last cards" if n > 1 else "It is your last card"
        return (first, f"{it}: once the play stands, or is called, you win (S-3)")
    if decided.kind in ("slip", "forced"):
        card = cards.short(spare[0])
        later = rank_name(cards.rank_of(spare[0]))
        spared = f"Of your cards, {later} are asked for last, so {card} is easiest to spare"
        if decided.kind == "forced":
            return (f"You hold no {rank_name(rank)}, so you must bluff: one card keeps the lie small", spared)
        yours = " ".join(cards.short(c) for c in honest)
        if len(state.pile) < SMALL_PILE:
            return (f"Slips in {card} with your {yours}: the pile is small if you're caught", spared)
        return (f"Slips in {card} with your {yours}, risking the pile of {len(state.pile)} if you're caught", spared)
    shown = " ".join(cards.short(c) for c in (*honest, *spare))
    return (f"Plays {shown} as {_count(n, rank)}, {true}",)
