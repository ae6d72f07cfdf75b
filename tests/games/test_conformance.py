"""The rules contract (docs/design.md, section 2), held against every registered game.

Random seeded playouts to the end for every player count and option value; illegal actions
refused with the state unchanged; records that replay; determinism; views that never show a
card the viewer may not see.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games import registry
from games.core.actions import MAX_TOKEN
from games.core.base import END_GAME, JOIN, NEXT_ROUND, Rules, State, random_action
from games.core.errors import BadOptions, IllegalAction, UnknownGame
from games.core.options import Option, OptionValue
from tests.sampling import FULL

from .leaks import leaked

ALL = registry.all_rules()
# The views' hidden-card sweep: a sample on every run, the full sweep with PARLOUR_FULL_SWEEP=1.
SWEEP = 40 if FULL else 12


def sample_values(option: Option, players: int) -> list[OptionValue]:
    """Every choice; for ranges the ends and the default."""
    if option.kind == "choice":
        return list(option.choices)
    if option.kind == "bool":
        return [False, True]
    if option.kind == "seat":
        return [None, 0, players - 1]
    assert option.min is not None and option.max is not None
    return sorted({option.min, option.max, int(option.default_for(players) or option.min)})


def cases() -> Iterator[tuple[str, int, dict[str, OptionValue]]]:
    """Every game at every table size with its defaults, and with each other value of each option:
    at every size in the full sweep, else at one size (a different one from option to option)."""
    for rules in ALL:
        counts = rules.player_counts
        for players in counts:
            yield rules.key, players, {}
        tried: set[tuple[str, str]] = set()
        for n, option in enumerate(rules.options):
            for players in counts[n % len(counts):] + counts[:n % len(counts)]:
                for value in sample_values(option, players):
                    if value == option.default_for(players) or (not FULL and (option.name, repr(value)) in tried):
                        continue
                    tried.add((option.name, repr(value)))
                    needed = {option.required[0]: option.required[1][0]} if option.required else {}
                    yield rules.key, players, {**needed, option.name: value}


CASES = list(cases())


def mover(state: State, rng: random.Random) -> int:
    return rng.choice(sorted(state.to_move))


def check_step(state: State, rules: Rules, rng: random.Random) -> None:
    """Every seat to move has moves, each a short token that parses back to itself; no one else
    has any. A game's moves may number thousands (every handful of cards, a pick), so at most
    60 listed ones and a few picked handfuls are tried at each step."""
    assert state.to_move, "a game that is not over always has someone to move"
    for seat in range(state.players):
        pick = state.pick(seat)
        if seat not in state.to_move:
            assert state.legal_actions(seat) == () and state.offered(seat) == () and pick is None
            continue
        listed = state.offered(seat) if pick is not None else state.legal_actions(seat)
        assert listed or pick, f"seat {seat} is to move but has no legal action"
        tried = list(listed) if len(listed) <= 60 else rng.sample(listed, 60)
        if pick is not None:
            tried += [random_action(state, seat, rng) for _ in range(5)]
        for action in tried:
            assert len(action.token) <= MAX_TOKEN and action.label
            assert rules.parse_action(action.token).token == action.token
            state.apply(seat, action.token)


def play_out(rules: Rules, players: int, seed: int, options: dict[str, OptionValue],
             step_check: bool = True, max_moves: int = 20_000) -> State:
    state = rules.new_game(players, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(max_moves):
        if state.is_over:
            return state
        if step_check:
            check_step(state, rules, rng)
        seat = mover(state, rng)
        state = state.apply(seat, random_action(state, seat, rng))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("key", "players", "options"), CASES, ids=[f"{k}-{p}p-{o}" for k, p, o in CASES])
def test_random_playout_reaches_an_outcome(key: str, players: int, options: dict[str, OptionValue]) -> None:
    rules = registry.get(key)
    state = play_out(rules, players, seed=len(str(options)) + players, options=options)
    outcome = state.outcome
    assert outcome is not None and state.to_move == frozenset()
    assert state.players >= players  # more if newcomers joined between rounds
    assert len(outcome.scores) == state.players
    assert outcome.winners <= set(range(state.players))
    assert outcome.detail
    assert all(state.legal_actions(s) == () for s in range(state.players))
    with pytest.raises(IllegalAction):
        state.apply(0, state.history[-1][1])
    # the record survives JSON and replays to an equal state
    record = json.loads(json.dumps(state.to_record()))
    assert rules.from_record(record) == state
    json.dumps(state.view(None))


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.key)
def test_same_seed_and_actions_give_the_same_state(rules: Rules) -> None:
    for players in rules.player_counts:
        a = play_out(rules, players, seed=99, options={}, step_check=False)
        b = play_out(rules, players, seed=99, options={}, step_check=False)
        assert a == b and a.to_record() == b.to_record()
        assert rules.new_game(players, seed=5) == rules.new_game(players, seed=5)
        # what seat 0 sees differs (a spectator may see nothing of the deal yet, as in Fan Tan)
        assert rules.new_game(players, seed=5).view(0) != rules.new_game(players, seed=6).view(0)


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.key)
def test_illegal_actions_are_refused_and_change_nothing(rules: Rules) -> None:
    players = rules.min_players
    state = rules.new_game(players, seed=3)
    rng = random.Random(3)
    seen: set[str] = set()
    refused = 0
    while not state.is_over:
        for seat in range(state.players):
            seen.update(a.token for a in state.offered(seat))
            if state.pick(seat) is not None:
                seen.add(random_action(state, seat, rng).token)
        seat = mover(state, rng)
        legal = {a.token for a in state.offered(seat)}
        if state.pick(seat) is not None:  # a handful seen earlier may be a move now too
            legal |= {t for t in seen if _legal_now(state, seat, t)}
        before = state.to_record()
        for token in sorted(seen - legal)[:3]:
            with pytest.raises(IllegalAction) as err:
                state.apply(seat, token)
            assert str(err.value) and "Traceback" not in str(err.value)
            refused += 1
        idle = [s for s in range(state.players) if s not in state.to_move]
        legal.add(random_action(state, seat, rng).token)
        if idle and legal:
            with pytest.raises(IllegalAction, match="not your turn"):
                state.apply(idle[0], next(iter(legal)))
        with pytest.raises(IllegalAction):
            state.apply(seat, "no-such-move")
        assert state.to_record() == before
        state = state.apply(seat, random_action(state, seat, rng))
    assert refused > 10


def _legal_now(state: State, seat: int, token: str) -> bool:
    try:
        state.apply(seat, token)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.key)
def test_views_are_json_and_carry_status_and_log(rules: Rules) -> None:
    state = rules.new_game(rules.min_players, seed=1)
    for seat in [None, *range(rules.min_players)]:
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view
        assert isinstance(view["status"], str) and view["status"]
        assert isinstance(view["log"], list)
        assert view["game"] == rules.key


@settings(max_examples=SWEEP, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(data=st.data())
def test_views_never_show_a_hidden_card(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(ALL), label="game")
    players = data.draw(st.sampled_from(rules.player_counts), label="players")
    seed = data.draw(st.integers(0, 10_000), label="seed")
    steps = data.draw(st.integers(0, 120), label="steps")
    state = rules.new_game(players, seed=seed)
    family = rules.card_order.family
    rng = random.Random(seed)
    for _ in range(steps):
        # Spectator, the seats to move and a few others: hiding is per seat, and checking all of
        # a 20-seat table at every step would make this the slowest test by far.
        viewers = {None, *state.to_move, *rng.sample(range(state.players), min(3, state.players))}
        for viewer in viewers:
            hidden = state.hidden_cards(viewer)
            assert not leaked(state.view(viewer), hidden, family), f"view of {viewer} shows hidden cards"
            assert not leaked(repr(state), state.hidden_cards(None), family)
        if state.is_over:
            break
        seat = mover(state, rng)
        state = state.apply(seat, random_action(state, seat, rng))


@pytest.mark.parametrize("rules", [r for r in ALL if r.open_ended], ids=lambda r: r.key)
def test_games_of_rounds_offer_the_table_its_choices_between_rounds(rules: Rules) -> None:
    """The contract the bot relies on: between rounds one seat answers for the table, with
    ``next`` and ``end`` (and ``join`` while a seat is free), and ``join`` adds exactly one seat
    that the record replays."""
    rng = random.Random(4)
    state = rules.new_game(rules.min_players, seed=4)
    breaks = 0
    while not state.is_over and breaks < 6:
        seat = mover(state, rng)
        if not state.between_rounds:
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
            continue
        breaks += 1
        assert len(state.to_move) == 1
        tokens = {a.token for a in state.legal_actions(seat)}
        assert {NEXT_ROUND, END_GAME} <= tokens and (JOIN in tokens) == state.can_join
        if state.can_join:
            joined = state.apply(seat, JOIN)
            assert joined.players == state.players + 1 and joined.between_rounds
            assert joined.view(joined.players - 1)["viewer"] == joined.players - 1
            state = joined
        state = state.apply(seat, NEXT_ROUND)
        assert not state.between_rounds
    assert breaks == 6
    assert state.players == rules.min_players + 6
    assert rules.from_record(json.loads(json.dumps(state.to_record()))) == state
    ended = state
    while not ended.between_rounds:
        seat = mover(ended, rng)
        ended = ended.apply(seat, rng.choice([a for a in ended.legal_actions(seat)]))
    ended = ended.apply(mover(ended, rng), END_GAME)
    assert ended.is_over and len(ended.outcome.scores) == ended.players  # type: ignore[union-attr]


def test_registry_lists_games_and_refuses_unknown_ones() -> None:
    assert {"fosco", "dracula"} <= set(registry.keys())
    for rules in registry.all_rules():
        assert registry.get(rules.key) is rules
    with pytest.raises(UnknownGame, match="no game called"):
        registry.get("snap")


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.key)
def test_bad_player_counts_and_options_are_refused(rules: Rules) -> None:
    with pytest.raises(BadOptions):
        rules.new_game(rules.max_players + 1, seed=1)
    with pytest.raises(BadOptions, match="nonsense"):
        rules.new_game(rules.min_players, seed=1, options={"nonsense": 1})
    for option in rules.options:
        assert option.help and option.default_for(rules.min_players) == rules.resolve_options(
            {}, rules.min_players)[option.name]


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.key)
def test_default_action_is_legal(rules: Rules) -> None:
    for players in rules.player_counts:
        state = rules.new_game(players, seed=12)
        rng = random.Random(12)
        for _ in range(60):
            if state.is_over:
                break
            seat = mover(state, rng)
            action = registry.default_action(state, seat)
            state = state.apply(seat, action.token)  # refused unless legal


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.key)
def test_every_game_explains_itself(rules: Rules) -> None:
    assert rules.summary and len(rules.guide) > 500
    assert "Table ruling" in rules.guide  # our decisions beyond the source are marked
    assert len(rules.guide) < 4000  # fits in one Discord embed description
    # each further part (a rule set) has an embed of its own; a message's embeds hold 6000 characters in all
    assert all(len(text) < 4000 for _, text in rules.guide_parts)
    assert len(rules.title) + len(rules.guide) + sum(len(t) + len(x) for t, x in rules.guide_parts) < 5800


@pytest.mark.parametrize("rules", ALL, ids=lambda r: r.key)
def test_the_moves_listed_and_picked_are_exactly_the_legal_moves(rules: Rules) -> None:
    """A pick stands for the legal moves not listed one by one: together they are all of them."""
    for players in rules.player_counts[:2]:
        state = rules.new_game(players, seed=21)
        rng = random.Random(21)
        for _ in range(30):
            if state.is_over:
                break
            for seat in sorted(state.to_move):
                pick = state.pick(seat)
                expected = {a.token for a in state.offered(seat)}
                if pick is not None:
                    sizes = range(pick.fewest, pick.most + 1)
                    expected |= {rules.parse_action(pick.token(c)).token for n in sizes
                                 for c in itertools.combinations(pick.cards, n)}
                assert {a.token for a in state.legal_actions(seat)} == expected
            seat = mover(state, rng)
            state = state.apply(seat, random_action(state, seat, rng))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(data=st.data())
def test_lines_and_controls_never_name_a_hidden_card(data: st.DataObject) -> None:
    """Issue 27 point 10, with each game's options drawn too (the tarot rule sets, Fan Tan's honour
    mode): every event line is public (the channel, the table message), so it names no card hidden
    from onlookers both before and after its step (a card played is public from then on; a hand's
    end lays every card open); and a seat's controls (each move's label and token, its pick) name
    no card hidden from that seat."""
    rules = data.draw(st.sampled_from(ALL), label="game")
    players = data.draw(st.sampled_from(rules.player_counts), label="players")
    options: dict[str, OptionValue] = {}
    for option in rules.options:
        if option.kind in ("choice", "bool"):
            options[option.name] = data.draw(st.sampled_from(sample_values(option, players)), label=option.name)
    seed = data.draw(st.integers(0, 10_000), label="seed")
    steps = data.draw(st.integers(0, 150), label="steps")
    try:
        state = rules.new_game(players, seed=seed, options=options)
    except BadOptions:
        assume(False)
    family = rules.card_order.family
    rng = random.Random(seed)
    for _ in range(steps):
        for seat in state.to_move:
            pick = state.pick(seat)
            shown = [[(a.token, a.label) for a in state.offered(seat)],
                     (pick.label, pick.cards, pick.fixed) if pick is not None else ()]
            assert not leaked(shown, state.hidden_cards(seat), family), f"seat {seat}'s controls"
        if state.is_over:
            break
        seat = mover(state, rng)
        before = state
        state = state.apply(seat, random_action(state, seat, rng))
        if len(state.round_ends) > len(before.round_ends) or len(state.settlements) > len(before.settlements):
            continue  # a hand's end lays its cards open (and a new deal may follow)
        lines = [e.text for e in state.log[len(before.log):]]
        hidden = before.hidden_cards(None) & state.hidden_cards(None)  # a card played is public from then on
        assert not leaked(lines, hidden, family), lines
