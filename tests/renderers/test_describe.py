"""Alt text: every picture can be read aloud. A hand's text names every card in it; the table's
names only cards its (spectator's) view shows, so it tells no one a hidden card."""

from __future__ import annotations

import json

import pytest

from games.core import cards, registry
from renderers.describe import LIMIT, describe_hand, describe_settlement, describe_table

NAMES = ["Alex", "Blair", "Casey", "Devon", "Emery", "Frankie", "Gale", "Harper"]


def played(key: str, moves: int = 7):  # type: ignore[no-untyped-def]
    rules = registry.get(key)
    state = rules.new_game(rules.min_players, seed=3)
    for _ in range(moves):
        if state.is_over or not state.to_move:
            break
        seat = min(state.to_move)
        state = state.apply(seat, state.legal_actions(seat)[0].token)
    return state


def named(view: dict, players: int) -> dict:  # type: ignore[type-arg]
    return {**view, "names": NAMES[:players], "unit": "dollars"}


@pytest.mark.parametrize("key", registry.keys())
def test_a_hands_alt_text_names_each_card_and_the_tables_only_cards_in_its_view(key: str) -> None:
    state = played(key)
    family = state.rules.card_order.family
    spectator = named(state.view(None), state.players)
    table = describe_table(key, spectator)
    assert table.startswith(state.rules.title) and "{p" not in table and len(table) <= LIMIT
    shown = json.dumps(spectator)
    every_card = {t for seat in range(state.players) for t in state.view(seat).get("hand") or []}
    for token in every_card:
        if cards.name(token, family) in table:
            assert f'"{token}"' in shown, f"{key}: the table's alt text names {token}, which its view hides"
    own = named(state.view(0), state.players)
    hand = describe_hand(key, own)
    assert hand.startswith("Alex's hand") and len(hand) <= LIMIT
    for token in own.get("hand") or []:
        assert cards.name(token, family) in hand or hand.endswith("…")


def test_a_settlements_alt_text_says_who_paid_whom() -> None:
    text = describe_settlement({"names": ["Alex", "Blair"], "unit": "chips"},
                               {"round": 2, "transfers": [{"from": 1, "to": 0, "cents": 250, "reason": "the pot"}]})
    assert text == "How round 2 was settled: Blair paid Alex 2.5 chips (the pot)."


def test_a_settlements_reasons_name_their_amounts() -> None:
    """Fscking Ace's reasons carry amounts as placeholders ("scored {$2100} + {$100}"): the alt text
    says them in the server's unit, as the picture does."""
    text = describe_settlement({"names": ["Alex", "Blair"], "unit": "dollars"},
                               {"round": 1, "transfers": [{"from": 1, "to": 0, "cents": 2200,
                                                           "reason": "scored {$2100} + {$100}"}]})
    assert "{" not in text and "(scored $21 + $1)" in text
