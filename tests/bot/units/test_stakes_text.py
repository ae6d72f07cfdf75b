"""How /stakes writes amounts and movements: the guild's unit, signs, and a long board's foot."""

from __future__ import annotations

from bot.commands.stakes import BOARD_FOOT, BOARD_LINES, board_lines, history_line
from bot.store import Balance, LedgerRow
from games.core.stakes import fill_money, format_money, money


def test_amounts_in_each_unit() -> None:
    assert [format_money(667, u) for u in ("dollars", "cents", "points")] == ["$6.67", "6.67¢", "6.67 pts"]
    assert format_money(100, "points") == "1 pt" and format_money(-100, "points") == "-1 pt"
    assert format_money(123456, sign=True) == "+$1,234.56" and format_money(-800, sign=True) == "-$8"
    assert format_money(0, sign=True) == "$0"
    assert fill_money(f"pays {money(900)}, now {money(-250, sign=True)}", "cents") == "pays 9¢, now -2.50¢"


def test_a_long_board_shows_its_top_and_its_foot() -> None:
    board = [Balance(1000 + i, 5000 - 500 * i, 3) for i in range(30)]
    lines = board_lines(board, "dollars")
    assert len(lines) == BOARD_LINES + 1 and lines[BOARD_LINES - BOARD_FOOT] == "…"
    assert lines[0] == "` 1.` <@1000> +$50" and lines[-1] == "`30.` <@1029> -$95"
    assert board_lines(board[:3], "points") == ["` 1.` <@1000> +50 pts", "` 2.` <@1001> +45 pts",
                                                "` 3.` <@1002> +40 pts"]


def test_history_lines_say_who_what_and_why() -> None:
    paid = LedgerRow(1, "settlement", 7, 2, 0, 55, "Ann", -900, "Bo", "scored {$800} + {$100}", None, 86400.0)
    assert history_line(paid, "cents") == "<t:86400:d> `       -9¢` to Bo · table #7, round 2 · scored 8¢ + 1¢"
    reset = LedgerRow(2, "reset", None, None, None, None, "", 0, None, "reset", 99, 86400.0)
    assert history_line(reset, "dollars") == "<t:86400:d> **Reset** of every balance by <@99>"
