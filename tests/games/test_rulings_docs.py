"""The project owns its rulings: every game's rules and rulings document is in the project
(``Rules.rulings``), and every ruling a test or the code cites by number is written in one."""

from __future__ import annotations

import re
from pathlib import Path

from games import registry

ROOT = Path(__file__).resolve().parents[2]
RULING = re.compile(r"\b([A-Z])-(\d{1,2})\b")
WRITTEN = re.compile(r"\*\*([A-Z]-\d{1,2})\*\*")
LETTERS = {"F", "D", "A", "B", "T", "S", "K"}  # Fosco, Dracula, Fscking Ace, Busca, Fan Tan, Bullshit, tarot


def test_every_game_has_its_rulings_document_in_the_project() -> None:
    games = registry.keys()  # the registry's own list, in its order
    for key in games:
        doc = ROOT / registry.get(key).rulings
        assert doc.is_file(), f"{key}: {doc} is missing"
        assert WRITTEN.search(doc.read_text(encoding="utf-8")), f"{doc} numbers no ruling"


def test_every_ruling_cited_is_written_down_once() -> None:
    written: dict[str, int] = {}
    for doc in (ROOT / "docs" / "rules").glob("*.md"):
        for ruling in WRITTEN.findall(doc.read_text(encoding="utf-8")):
            written[ruling] = written.get(ruling, 0) + 1
    assert all(n == 1 for n in written.values()), {r: n for r, n in written.items() if n > 1}
    cited = set()
    for folder in ("games", "tests/games", "bot", "renderers"):
        for path in (ROOT / folder).rglob("*.py"):
            cited |= {f"{a}-{n}" for a, n in RULING.findall(path.read_text(encoding="utf-8")) if a in LETTERS}
    assert cited, "no ruling cited anywhere"
    missing = sorted(cited - set(written))
    assert not missing, f"cited but not written in docs/rules: {missing}"
