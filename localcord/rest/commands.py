"""The application command routes, global and per guild: what a bot syncs, kept in the world."""

from __future__ import annotations

from typing import Any

from .errors import ApiError
from .handlers import Handlers
from .records import Req


class CommandRoutes(Handlers):
    def _scope(self, r: Req) -> int | None:
        if r.id("application_id") != self.world.application_id:
            raise ApiError(403, 50001, "Missing Access")
        return self._guild(r).id if "guild_id" in r.params else None

    def _command(self, scope: int | None, data: dict[str, Any], old: dict[str, Any] | None = None) -> dict[str, Any]:
        base = {"type": 1, "description": "", "options": [], "default_member_permissions": None, "nsfw": False,
                "contexts": None, "integration_types": [0]}
        command = {**base, **(old or {}), **data, "id": str(old["id"] if old else self.world.ids.next()),
                   "application_id": str(self.world.application_id), "version": str(self.world.ids.next())}
        if command["integration_types"] is None:
            command["integration_types"] = [0]
        if command["default_member_permissions"] is not None:  # a string in Discord's replies
            command["default_member_permissions"] = str(int(command["default_member_permissions"]))
        if scope is not None:
            command["guild_id"] = str(scope)
        return command

    def list_application_commands(self, r: Req) -> Any:
        return self.world.commands.get(self._scope(r), [])

    def bulk_set_application_commands(self, r: Req) -> Any:
        scope = self._scope(r)
        old = {(c["name"], c["type"]): c for c in self.world.commands.get(scope, [])}
        self.world.commands[scope] = [self._command(scope, c, old.get((c["name"], c.get("type", 1))))
                                      for c in r.body or []]
        self.world.notify("commands")
        return self.world.commands[scope]

    def create_application_command(self, r: Req) -> Any:
        scope = self._scope(r)
        commands = self.world.commands.setdefault(scope, [])
        old = next((c for c in commands if c["name"] == r.body["name"]), None)
        command = self._command(scope, r.body, old)
        self.world.commands[scope] = [c for c in commands if c is not old] + [command]
        self.world.notify("commands")
        return command

    def _find_command(self, r: Req) -> tuple[int | None, dict[str, Any]]:
        scope = self._scope(r)
        for c in self.world.commands.get(scope, []):
            if c["id"] == r.params["command_id"]:
                return scope, c
        raise ApiError(404, 10063, "Unknown application command")

    def get_application_command(self, r: Req) -> Any:
        return self._find_command(r)[1]

    def update_application_command(self, r: Req) -> Any:
        scope, old = self._find_command(r)
        new = self._command(scope, r.body, old)
        self.world.commands[scope] = [new if c is old else c for c in self.world.commands[scope]]
        self.world.notify("commands")
        return new

    def delete_application_command(self, r: Req) -> Any:
        scope, old = self._find_command(r)
        self.world.commands[scope].remove(old)
        self.world.notify("commands")

    list_guild_application_commands = list_application_commands
    bulk_set_guild_application_commands = bulk_set_application_commands
    create_guild_application_command = create_application_command
    get_guild_application_command = get_application_command
    update_guild_application_command = update_application_command
    delete_guild_application_command = delete_application_command
