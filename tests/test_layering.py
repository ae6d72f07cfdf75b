"""games imports neither renderers nor bot; renderers does not import bot; games stays pure; the local
Discord knows nothing of Parlour."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"games": {"renderers", "bot", "localcord"}, "renderers": {"bot", "localcord"},
             "localcord": {"games", "renderers", "bot", "tests"}}
# The rules core is pure: no I/O, no clocks, no global randomness, no third-party packages.
IMPURE = {"asyncio", "os", "time", "socket", "subprocess", "pathlib", "io", "threading", "sqlite3"}


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_layering() -> None:
    for package, banned in FORBIDDEN.items():
        for path in (ROOT / package).rglob("*.py"):
            assert not imports(path) & banned, f"{path.relative_to(ROOT)} imports {imports(path) & banned}"


def test_games_use_only_the_standard_library_and_no_io() -> None:
    stdlib = set(sys.stdlib_module_names)
    for path in (ROOT / "games").rglob("*.py"):
        found = imports(path)
        assert found <= stdlib | {"games"}, f"{path.relative_to(ROOT)} imports {found - stdlib - {'games'}}"
        assert not found & IMPURE, f"{path.relative_to(ROOT)} imports {found & IMPURE}"
        text = path.read_text(encoding="utf-8")
        assert "random.random(" not in text and "random.shuffle(" not in text, "use a seeded Random"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_graph(package: str) -> dict[str, set[str]]:
    """Each module of ``package`` and the modules of ``package`` it imports, wherever the import
    is (at the top, in a function, under ``TYPE_CHECKING``): a circle is a circle to a reader."""
    modules = {module_name(p): p for p in (ROOT / package).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        base = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    anchor = base.rsplit(".", node.level - 1)[0] if node.level > 1 else base
                    origin = f"{anchor}.{node.module}" if node.module else anchor
                else:
                    origin = node.module or ""
                for alias in node.names:
                    found.add(f"{origin}.{alias.name}" if f"{origin}.{alias.name}" in modules else origin)
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_games_import_no_circles() -> None:
    """Issue 29: the rules of a game do not know its computer player (the registry pairs them)."""
    assert circles(module_graph("games")) == []


def test_the_bot_imports_no_circles_and_only_the_client_knows_every_service() -> None:
    """Issue 29: each bot module names what it needs by a small protocol or the collaborator's own
    class, never the client, so no module imports the client but its own entry points."""
    assert circles(module_graph("bot")) == []
    graph = module_graph("bot")
    assert sorted(m for m, deps in graph.items() if "bot.client" in deps) == ["bot.__main__", "bot.local"]


# bot/'s rooms, each importing only the ones before it (issue 38): the plumbing and the store know no
# table; the action path (play) knows neither how a table is shown nor what members ask; showing
# knows not the commands; the client (bot/client.py, with its entry points) composes them all.
BOT_ROOMS = (("bot.runtime", "bot.store"), ("bot.play",), ("bot.show",), ("bot.commands",))


def room_of(module: str) -> int:
    """The rank of ``module``'s room in BOT_ROOMS (the entry points, above them all, rank last)."""
    for rank, rooms in enumerate(BOT_ROOMS):
        if any(module == room or module.startswith(room + ".") for room in rooms):
            return rank
    return len(BOT_ROOMS)


def test_the_bot_is_in_rooms_each_importing_only_the_ones_before_it() -> None:
    graph = module_graph("bot")
    top = [m for m in graph if room_of(m) == len(BOT_ROOMS) and m != "bot"]
    assert sorted(top) == ["bot.__main__", "bot.client", "bot.local"]  # every other module is in a room
    upward = sorted(f"{m} -> {d}" for m, deps in graph.items() for d in deps
                    if room_of(d) > room_of(m) or (room_of(m) == 0 and d.split(".")[1] != m.split(".")[1]))
    assert upward == []


def test_a_bot_module_can_be_imported_without_the_client() -> None:
    import subprocess

    code = "import sys, bot.commands.router, bot.play.timers, bot.commands.lobby; print('bot.client' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


def test_the_renderers_are_kit_then_games_then_tools() -> None:
    """Issue 29: the kit every picture shares imports no game's pictures, no game's pictures import
    another game's (a game's own modules share its name; the tarot family shares its scene), and
    nothing the bot draws with imports the tools; the bot never imports the tools."""
    graph = module_graph("renderers")
    assert circles(graph) == []
    for module, deps in graph.items():
        if module.startswith("renderers.kit"):
            assert not {d for d in deps if d.startswith(("renderers.games", "renderers.tools"))}, module
        if not module.startswith("renderers.tools"):
            assert not {d for d in deps if d.startswith("renderers.tools")}, module
        if module.startswith("renderers.games.") and not module.startswith("renderers.games.tarot"):
            # A game's package (fosco.copy is fosco's), or a flat module (bullshit_plates is bullshit's).
            game = module.removeprefix("renderers.games.").split(".")[0].split("_")[0]
            assert not {d for d in deps if d.startswith("renderers.games.")
                        and not d.removeprefix("renderers.games.").startswith(game)}, module
    for path in (ROOT / "bot").rglob("*.py"):
        assert "renderers.tools" not in path.read_text(encoding="utf-8"), path


def test_the_local_discord_imports_no_circles() -> None:
    """The page names what it asks of the server by a protocol; the server makes the page."""
    assert circles(module_graph("localcord")) == []
