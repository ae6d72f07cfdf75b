"""REST v10: every request is recorded, matched to an operation of Discord's OpenAPI description and
validated, then served from the world by a handler named after the operation id."""

from __future__ import annotations

import copy
import json
import re
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from aiohttp import web

from . import openapi
from .gateway import Gateway
from .model import (
    ADMINISTRATOR,
    EPHEMERAL,
    LOADING,
    SEND_MESSAGES,
    Attachment,
    Channel,
    Guild,
    InteractionRecord,
    Message,
    Overwrite,
    P,
    User,
    World,
    iso,
)

API_PREFIX = "/api/v10"
MANAGE_CHANNELS = P(manage_channels=True).value
MANAGE_ROLES = P(manage_roles=True).value
MANAGE_MESSAGES = P(manage_messages=True).value
MANAGE_THREADS = P(manage_threads=True).value
ATTACH_FILES = P(attach_files=True).value
EMBED_LINKS = P(embed_links=True).value
SEND_IN_THREADS = P(send_messages_in_threads=True).value
CREATE_PUBLIC_THREADS = P(create_public_threads=True).value
CREATE_PRIVATE_THREADS = P(create_private_threads=True).value
GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 9, 1 << 12
CREATED = {"create_guild_channel", "create_thread", "create_thread_from_message"}
NO_AUTH = {"create_interaction_response", "execute_webhook"}  # and every /webhooks/{id}/{token}/... route

# (method, template, operation id): what the stand-in implements, in the description's own spelling.
_APP, _GAPP = "/applications/{application_id}", "/applications/{application_id}/guilds/{guild_id}"
_HOOK = "/webhooks/{webhook_id}/{webhook_token}"
ROUTES: list[tuple[str, str, str]] = [
    ("GET", "/users/@me", "get_my_user"),
    ("GET", "/users/{user_id}", "get_user"),
    ("POST", "/users/@me/channels", "create_dm"),
    ("GET", "/oauth2/applications/@me", "get_my_oauth2_application"),
    ("GET", "/gateway", "get_gateway"),
    ("GET", "/gateway/bot", "get_bot_gateway"),
    ("GET", f"{_APP}/commands", "list_application_commands"),
    ("PUT", f"{_APP}/commands", "bulk_set_application_commands"),
    ("POST", f"{_APP}/commands", "create_application_command"),
    ("GET", f"{_APP}/commands/{{command_id}}", "get_application_command"),
    ("PATCH", f"{_APP}/commands/{{command_id}}", "update_application_command"),
    ("DELETE", f"{_APP}/commands/{{command_id}}", "delete_application_command"),
    ("GET", f"{_GAPP}/commands", "list_guild_application_commands"),
    ("PUT", f"{_GAPP}/commands", "bulk_set_guild_application_commands"),
    ("POST", f"{_GAPP}/commands", "create_guild_application_command"),
    ("GET", f"{_GAPP}/commands/{{command_id}}", "get_guild_application_command"),
    ("PATCH", f"{_GAPP}/commands/{{command_id}}", "update_guild_application_command"),
    ("DELETE", f"{_GAPP}/commands/{{command_id}}", "delete_guild_application_command"),
    ("POST", "/interactions/{interaction_id}/{interaction_token}/callback", "create_interaction_response"),
    ("POST", _HOOK, "execute_webhook"),
    ("GET", f"{_HOOK}/messages/@original", "get_original_webhook_message"),
    ("PATCH", f"{_HOOK}/messages/@original", "update_original_webhook_message"),
    ("DELETE", f"{_HOOK}/messages/@original", "delete_original_webhook_message"),
    ("GET", f"{_HOOK}/messages/{{message_id}}", "get_webhook_message"),
    ("PATCH", f"{_HOOK}/messages/{{message_id}}", "update_webhook_message"),
    ("DELETE", f"{_HOOK}/messages/{{message_id}}", "delete_webhook_message"),
    ("GET", "/guilds/{guild_id}", "get_guild"),
    ("GET", "/guilds/{guild_id}/channels", "list_guild_channels"),
    ("POST", "/guilds/{guild_id}/channels", "create_guild_channel"),
    ("GET", "/guilds/{guild_id}/members", "list_guild_members"),
    ("GET", "/guilds/{guild_id}/members/{user_id}", "get_guild_member"),
    ("GET", "/guilds/{guild_id}/roles", "list_guild_roles"),
    ("GET", "/channels/{channel_id}", "get_channel"),
    ("PATCH", "/channels/{channel_id}", "update_channel"),
    ("DELETE", "/channels/{channel_id}", "delete_channel"),
    ("PUT", "/channels/{channel_id}/permissions/{overwrite_id}", "set_channel_permission_overwrite"),
    ("DELETE", "/channels/{channel_id}/permissions/{overwrite_id}", "delete_channel_permission_overwrite"),
    ("GET", "/channels/{channel_id}/messages", "list_messages"),
    ("POST", "/channels/{channel_id}/messages", "create_message"),
    ("GET", "/channels/{channel_id}/messages/{message_id}", "get_message"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}", "update_message"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}", "delete_message"),
    ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me", "add_my_message_reaction"),
    ("POST", "/channels/{channel_id}/typing", "trigger_typing_indicator"),
    ("POST", "/channels/{channel_id}/threads", "create_thread"),
    ("POST", "/channels/{channel_id}/messages/{message_id}/threads", "create_thread_from_message"),
    ("PUT", "/channels/{channel_id}/thread-members/@me", "join_thread"),
    ("DELETE", "/channels/{channel_id}/thread-members/@me", "leave_thread"),
    ("PUT", "/channels/{channel_id}/thread-members/{user_id}", "add_thread_member"),
    ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", "delete_thread_member"),
]


class ApiError(Exception):
    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            data["errors"] = self.errors
        return data


def missing_permissions() -> ApiError:
    return ApiError(403, 50013, "Missing Permissions")


def invalid_form(field_name: str, message: str, code: str = "BASE_TYPE_INVALID") -> ApiError:
    return ApiError(400, 50035, "Invalid Form Body", {field_name: {"_errors": [{"code": code, "message": message}]}})


@dataclass(eq=False)
class Call:
    """One REST request as the bot made it, and what became of it."""

    method: str
    path: str  # relative to /api/v10
    query: dict[str, str]
    body: Any  # the JSON body, or a multipart request's payload_json
    files: list[tuple[str, bytes]]  # (filename, data) of files[n], in order
    operation_id: str | None = None
    status: int = 0
    response: Any = None
    errors: list[str] = field(default_factory=list)  # OpenAPI validation
    at: float = field(default_factory=time.monotonic)  # when it arrived

    # How the stand-in mints interaction tokens (LocalDiscord._interact); the only webhooks it serves.
    INTERACTION_TOKEN_PREFIX: ClassVar[str] = "standin-"

    @property
    def global_limited(self) -> bool:
        """Whether Discord counts this call against the bot's global limit (~50 requests/s). Interaction
        endpoints are exempt: the callback (POST /interactions/{id}/{token}/callback) and every
        /webhooks/{application_id}/{token}/... call made with an interaction's token (followups, and
        edits or deletions of the original response or of a followup)."""
        parts = self.path.split("/")  # "", "interactions"|"webhooks", id, token, ...
        if len(parts) >= 5 and parts[1] == "interactions" and parts[4] == "callback":
            return False
        return not (len(parts) >= 4 and parts[1] == "webhooks" and parts[3].startswith(self.INTERACTION_TOKEN_PREFIX))

    @property
    def uploads(self) -> int:
        """The number of files attached (multipart files[n])."""
        return len(self.files)

    @property
    def upload_bytes(self) -> int:
        """The total size of the files attached, in bytes."""
        return sum(len(data) for _, data in self.files)

    def __str__(self) -> str:
        query = "?" + "&".join(f"{k}={v}" for k, v in self.query.items()) if self.query else ""
        return f"{self.method} {self.path}{query} [{self.operation_id}] -> {self.status}"

    __repr__ = __str__


@dataclass(frozen=True)
class Violation:
    call: Call | None
    problem: str

    def __str__(self) -> str:
        return f"{self.call}: {self.problem}" if self.call else self.problem

    __repr__ = __str__


@dataclass
class RateLimit:
    """A 429 a test asked for: the next ``times_left`` calls of an operation are refused."""
    operation_id: str
    times_left: int
    retry_after: float
    is_global: bool  # against the bot's global limit, not this route's


@dataclass
class Req:
    call: Call
    params: dict[str, str]
    body: Any
    files: dict[int, tuple[str, bytes]]

    def id(self, name: str) -> int:
        try:
            return int(self.params[name])
        except ValueError:
            raise ApiError(404, 0, "404: Not Found") from None


class Rest:
    def __init__(self, world: World, gateway: Gateway, token: str, spec: openapi.OpenAPI | None,
                 *, shards: int = 1, reject_invalid: bool = True, interaction_deadline: float = 3.0) -> None:
        self.world, self.gateway, self.token, self.spec = world, gateway, token, spec
        self.shards, self.reject_invalid, self.interaction_deadline = shards, reject_invalid, interaction_deadline
        self.routes = {(m, t): op for m, t, op in ROUTES}
        self.table = openapi.PathTable({t for _, t, _ in ROUTES})
        self.calls: list[Call] = []
        self.violations: list[Violation] = []
        self.response_problems: list[Violation] = []  # the stand-in's own replies against the description
        self.ratelimits: list[RateLimit] = []
        self.on_change: Callable[[], None] = lambda: None
        self.on_violation: Callable[[Violation], None] = lambda violation: None
        # Faults a test injects: given a call about to be served, an error (status, body) to answer
        # instead, changing nothing, as a Discord having a bad moment would.
        self.inject: Callable[[Call], tuple[int, Any] | None] = lambda call: None

    # --- plumbing ------------------------------------------------------------------------------------
    def violate(self, violation: Violation) -> None:
        """A request Discord would not take as it came (or a defect of ours): kept, and told."""
        self.violations.append(violation)
        self.on_violation(violation)

    async def handle(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        body: Any = None
        files: dict[int, tuple[str, bytes]] = {}
        bad_json = None
        try:
            if request.content_type == "multipart/form-data":
                form = await request.post()
                for name, value in form.items():
                    data = value.file.read() if isinstance(value, web.FileField) else value
                    if name == "payload_json":
                        body = json.loads(data)
                    elif (m := re.fullmatch(r"files\[(\d+)\]", name)) and isinstance(value, web.FileField):
                        files[int(m[1])] = (value.filename, data)  # type: ignore[assignment]
            elif raw := await request.read():
                body = raw.decode(errors="replace")
                body = json.loads(raw) if request.content_type == "application/json" else body
        except ValueError as e:
            bad_json = f"the body is not valid JSON: {e}"
        call = Call(request.method, path, dict(request.query), body, [files[i] for i in sorted(files)])
        self.calls.append(call)
        headers: dict[str, str] = {}
        try:
            if bad_json:
                self.violate(Violation(call, bad_json))
                status = 400
                payload = {"code": 50109, "message": "The request body contains invalid JSON."}
            else:
                status, payload, headers = self._serve(request, call, path, body, files)
        finally:
            self.on_change()
        call.status, call.response = status, payload
        if payload is None:
            return web.Response(status=status, headers=headers)
        return web.Response(status=status, body=json.dumps(payload).encode(),
                            headers={**headers, "Content-Type": "application/json"})

    def _serve(self, request: web.Request, call: Call, path: str, body: Any,
               files: dict[int, tuple[str, bytes]]) -> tuple[int, Any, dict[str, str]]:
        op = None
        if self.spec is not None:
            op, spec_params, problem = self.spec.match(call.method, path)
            if problem:
                self.violate(Violation(call, problem))
            else:
                assert op is not None
                call.operation_id = op.operation_id
                media = request.content_type if request.content_type != "application/octet-stream" else None
                call.errors = self.spec.check_request(op, spec_params, call.query, body, media)
                for e in call.errors:
                    self.violate(Violation(call, e))
                if call.errors and self.reject_invalid:
                    return 400, {"code": 50035, "message": "Invalid Form Body", "errors": {
                        "_errors": [{"code": "STANDIN_SCHEMA", "message": e} for e in call.errors]}}, {}
        found = self.table.match(path)
        op_id = self.routes.get((call.method, found[0])) if found else None
        if found is None or op_id is None:
            if op is not None:  # documented, just not emulated: the stand-in needs a handler
                self.violate(Violation(call, f"the stand-in does not implement {op.operation_id}"))
                return 400, {"code": 0, "message": f"Stand-in: {op.operation_id} is not implemented"}, {}
            if self.spec is None:
                self.violate(Violation(call, "unknown route"))
            return 404, {"code": 0, "message": "404: Not Found"}, {}
        call.operation_id = op_id
        if op_id not in NO_AUTH and not path.startswith("/webhooks/") and \
                request.headers.get("Authorization") != f"Bot {self.token}":
            return 401, {"code": 0, "message": "401: Unauthorized"}, {}
        injected = self.inject(call)
        if injected is not None:
            return injected[0], injected[1], {}
        for limit in self.ratelimits:
            if limit.operation_id == op_id and limit.times_left > 0:
                limit.times_left -= 1
                return 429, {"message": "You are being rate limited.", "retry_after": limit.retry_after,
                             "global": limit.is_global}, {
                    "Via": "1.1 google", "Retry-After": str(max(1, round(limit.retry_after))),
                    "X-RateLimit-Scope": "global" if limit.is_global else "user"}
        try:
            payload = getattr(self, op_id)(Req(call, found[1], body, files))
            status = 204 if payload is None else 201 if op_id in CREATED else 200
        except ApiError as e:
            status, payload = e.status, e.to_json()
        except Exception:
            self.violate(Violation(call, "stand-in error:\n" + traceback.format_exc()))
            status, payload = 400, {"code": 0, "message": "Stand-in error (see standin.violations)"}
        if op is not None and status < 300:
            self.response_problems += [Violation(call, e) for e in self.spec.check_response(op, status, payload)]  # type: ignore[union-attr]
        return status, payload, {}

    async def attachment(self, request: web.Request) -> web.Response:
        """Serves /attachments/{channel_id}/{message_id}/{attachment_id}/{filename} (Attachment.read())."""
        message = self.world.messages.get(int(request.match_info["message_id"]))
        for a in message.attachments if message else []:
            if a.id == int(request.match_info["attachment_id"]):
                return web.Response(body=a.data, content_type=a.content_type)
        raise web.HTTPNotFound()

    # --- lookups and checks --------------------------------------------------------------------------
    def _guild(self, r: Req) -> Guild:
        guild = self.world.guilds.get(r.id("guild_id"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    def _channel(self, r: Req) -> Channel:
        channel = self.world.channels.get(r.id("channel_id"))
        if channel is None or channel.deleted:
            raise ApiError(404, 10003, "Unknown Channel")
        if channel.guild is not None and not channel.guild.can_view(self.world.bot.id, channel):
            raise ApiError(403, 50001, "Missing Access")
        return channel

    def _message(self, channel: Channel, r: Req) -> Message:
        message = self.world.messages.get(r.id("message_id"))
        if message is None or message.deleted or message.ephemeral or message.channel is not channel:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    def _perms(self, channel: Channel) -> int:
        assert channel.guild is not None
        return channel.guild.permissions_for(self.world.bot.id, channel)

    def _require(self, have: int, need: int) -> None:
        if not have & ADMINISTRATOR and have & need != need:
            raise missing_permissions()

    def _interaction(self, r: Req) -> InteractionRecord:
        if r.id("webhook_id") != self.world.application_id:
            raise ApiError(404, 10015, "Unknown Webhook")
        for rec in self.world.interactions.values():
            if rec.token == r.params["webhook_token"]:
                return rec
        raise ApiError(404, 10015, "Unknown Webhook")

    # --- messages ------------------------------------------------------------------------------------
    def _apply(self, target: Message, payload: dict[str, Any], files: dict[int, tuple[str, bytes]], *,
               suppressed: bool = False) -> None:
        """Applies a create or edit payload (content, embeds, components, flags, attachments) to a message,
        all or nothing. ``suppressed``: its embeds were dropped (see _embeds_allowed), and a message left
        empty by that is taken as Discord takes it."""
        message = copy.copy(target)
        if "attachments" in payload and payload["attachments"] is not None:
            kept = {a.id: a for a in message.attachments}
            attachments = []
            for i, entry in enumerate(payload["attachments"]):
                ref = int(entry["id"])
                if ref in kept:
                    attachments.append(kept[ref])
                elif ref in files:
                    attachments.append(self._attachment(message, files[ref], entry))
                else:
                    raise invalid_form(f"attachments.{i}.id", f"Unknown attachment or file index {ref}")
            message.attachments = attachments
        elif files:
            message.attachments = message.attachments + [self._attachment(message, files[i], {}) for i in sorted(files)]
        if "content" in payload:
            message.content = payload["content"] or ""
        if "embeds" in payload:
            message.embeds = [self._embed(message, e) for e in payload["embeds"] or []]
        if "components" in payload:
            message.components_raw = _numbered(payload["components"] or [])
        if payload.get("flags") is not None:
            message.flags = (message.flags & EPHEMERAL) | (payload["flags"] & ~(EPHEMERAL | LOADING))
        message.flags &= ~LOADING
        if len(message.content) > 2000:
            raise invalid_form("content", "Must be 2000 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
        if not (message.content or message.embeds or message.attachments or message.components_raw or suppressed):
            raise ApiError(400, 50006, "Cannot send an empty message")
        ids = [c.custom_id for c in message.components if c.custom_id is not None]
        if len(ids) != len(set(ids)):
            raise invalid_form("components", "Component custom id cannot be duplicated", "DUPLICATE_CUSTOM_ID")
        target.__dict__.update(message.__dict__)

    def _attachment(self, message: Message, upload: tuple[str, bytes], entry: dict[str, Any]) -> Attachment:
        filename = entry.get("filename") or upload[0]
        aid = self.world.ids.next()
        url = f"{self.world.http_base}/attachments/{message.channel.id}/{message.id}/{aid}/{filename}"
        return Attachment(aid, filename, upload[1], url, entry.get("description"))

    @staticmethod
    def _embed(message: Message, embed: dict[str, Any]) -> dict[str, Any]:
        embed = {"type": "rich", **embed}
        by_name = {a.filename: a for a in message.attachments}
        for key in ("image", "thumbnail"):
            url = (embed.get(key) or {}).get("url", "")
            if url.startswith("attachment://") and url[13:] in by_name:
                a = by_name[url[13:]]
                embed[key] = {**embed[key], "url": a.url, "proxy_url": a.url}
        return embed

    def _new_message(self, channel: Channel, payload: dict[str, Any], files: dict[int, tuple[str, bytes]], *,
                     interaction: InteractionRecord | None = None, ephemeral: bool = False, type: int = 0,
                     loading: bool = False, suppressed: bool = False) -> Message:
        message = Message(self.world.ids.next(), channel, self.world.bot, type=type, interaction=interaction,
                          flags=(EPHEMERAL if ephemeral else 0))
        if loading:
            message.flags |= LOADING
        else:
            self._apply(message, payload, files, suppressed=suppressed)
        self.world.messages[message.id] = message
        if not ephemeral:
            channel.messages.append(message)
            self._emit_message("MESSAGE_CREATE", message)
        self.world.notify("message", message)
        return message

    def member_message(self, channel: Channel, user: User, content: str) -> Message:
        """A message a member writes (on the page), told to the bot as Discord would."""
        message = Message(self.world.ids.next(), channel, user, content)
        self.world.messages[message.id] = message
        channel.messages.append(message)
        self._emit_message("MESSAGE_CREATE", message)
        self.world.notify("message", message)
        return message

    def _emit_message(self, event: str, message: Message) -> None:
        guild = message.channel.guild
        data = message.to_json(with_guild=True)
        if guild is not None and message.author.id in guild.members:
            data["member"] = {k: v for k, v in guild.members[message.author.id].to_json().items() if k != "user"}
        self.world.emit(event, data, guild.id if guild else None, GUILD_MESSAGES if guild else DIRECT_MESSAGES)

    def _edit(self, message: Message, r: Req, *, body: dict[str, Any] | None = None,
              suppressed: bool = False) -> dict[str, Any]:
        was_loading = bool(message.flags & LOADING)
        self._apply(message, (r.body or {}) if body is None else body, r.files, suppressed=suppressed)
        message.edited_timestamp = None if was_loading else iso()
        if not message.ephemeral:
            self._emit_message("MESSAGE_UPDATE", message)
        self.world.notify("message", message)
        return message.to_json()

    def _delete(self, message: Message) -> None:
        message.deleted = True
        self.world.notify("delete", message)
        if message in message.channel.messages:
            message.channel.messages.remove(message)
            guild = message.channel.guild
            data = {"id": str(message.id), "channel_id": str(message.channel.id)}
            if guild is not None:
                data["guild_id"] = str(guild.id)
            self.world.emit("MESSAGE_DELETE", data, guild.id if guild else None,
                            GUILD_MESSAGES if guild else DIRECT_MESSAGES)

    # --- users, application, gateway -----------------------------------------------------------------
    def get_my_user(self, r: Req) -> Any:
        return {**self.world.bot.to_json(), "verified": True, "mfa_enabled": False, "locale": "en-US",
                "email": None, "banner": None, "accent_color": None}

    def get_user(self, r: Req) -> Any:
        user = self.world.users.get(r.id("user_id"))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return user.to_json()

    def create_dm(self, r: Req) -> Any:
        user = self.world.users.get(int(r.body.get("recipient_id", 0)))
        if user is None or user.bot:
            raise invalid_form("recipient_id", "Invalid recipient")
        return self.world.dm_channel(user).to_json()

    def get_my_oauth2_application(self, r: Req) -> Any:
        w = self.world
        return {
            "id": str(w.application_id), "name": w.bot.name, "icon": None, "description": "", "summary": "",
            "type": None, "bot_public": True, "bot_require_code_grant": False, "verify_key": "0" * 64, "flags": 0,
            "owner": w.owner.to_json(), "team": None, "bot": w.bot.to_json(), "redirect_uris": [],
            "interactions_endpoint_url": None, "role_connections_verification_url": None,
            "approximate_guild_count": len(w.guilds), "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0, "explicit_content_filter": 0, "eligible_oauth2_scopes": [],
            "rpc_origins": [], "hook": True, "integration_types_config": {"0": {}}, "flags_new": "0",
        }

    def get_gateway(self, r: Req) -> Any:
        return {"url": self.gateway.url}

    def get_bot_gateway(self, r: Req) -> Any:
        return {"url": self.gateway.url, "shards": self.shards, "session_start_limit": {
            "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}

    # --- application commands ------------------------------------------------------------------------
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

    # --- interactions --------------------------------------------------------------------------------
    def create_interaction_response(self, r: Req) -> Any:
        rec = self.world.interactions.get(r.id("interaction_id"))
        if rec is None or rec.token != r.params["interaction_token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        late = time.monotonic() - rec.created
        if late > self.interaction_deadline:
            self.violate(Violation(r.call, f"answered after {late:.1f} s: past Discord's 3-second deadline"))
            raise ApiError(404, 10062, "Unknown interaction")
        if rec.callbacks:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        kind, data = r.body["type"], r.body.get("data") or {}
        ephemeral = bool((data.get("flags") or 0) & EPHEMERAL)
        if kind == 4:
            rec.message = self._new_message(rec.channel, data, r.files, interaction=rec, ephemeral=ephemeral,
                                            type=20 if rec.type == 2 else 0)
        elif kind == 5:
            rec.message = self._new_message(rec.channel, data, {}, interaction=rec, ephemeral=ephemeral,
                                            type=20 if rec.type == 2 else 0, loading=True)
        elif kind in (6, 7):
            if rec.source is None:
                raise ApiError(400, 40004, "Interaction has no message to update")  # only component clicks do
            rec.message = rec.source
            if kind == 7:
                self._apply(rec.source, data, r.files)
                rec.source.edited_timestamp = iso()
                if not rec.source.ephemeral:
                    self._emit_message("MESSAGE_UPDATE", rec.source)
                self.world.notify("message", rec.source)
        elif kind == 8:
            rec.choices = data.get("choices", [])
        elif kind == 9:
            rec.modal = data
        else:
            raise invalid_form("type", f"Unsupported interaction callback type {kind}")
        rec.callbacks.append(r.body)
        rec.responded.set()
        self.world.notify("interaction", rec)
        if r.call.query.get("with_response", "").lower() not in ("1", "true"):
            return None
        interaction: dict[str, Any] = {"id": str(rec.id), "type": rec.type, "channel_id": str(rec.channel.id)}
        if rec.channel.guild is not None:
            interaction["guild_id"] = str(rec.channel.guild.id)
        if rec.message is not None:
            interaction.update(response_message_id=str(rec.message.id), response_message_loading=kind == 5,
                               response_message_ephemeral=rec.message.ephemeral)
        if kind in (4, 7):  # the only callbacks that return their message as a resource
            return {"interaction": interaction, "resource": {"type": kind, "message": rec.message.to_json()}}  # type: ignore[union-attr]
        return {"interaction": interaction}

    def execute_webhook(self, r: Req) -> Any:
        rec = self._interaction(r)
        body = r.body or {}
        if rec.response_type == 5 and rec.message is not None and rec.message.flags & LOADING:
            self._edit(rec.message, r)  # the first follow-up after a defer fills the "thinking" message
            message = rec.message
        else:
            message = self._new_message(rec.channel, body, r.files, interaction=rec,
                                        ephemeral=bool((body.get("flags") or 0) & EPHEMERAL))
            rec.followups.append(message)
            self.world.notify("interaction", rec)
        return message.to_json() if r.call.query.get("wait", "").lower() in ("1", "true") else None

    def _hook_message(self, r: Req) -> Message:
        rec = self._interaction(r)
        if "message_id" not in r.params:
            message = rec.message
        else:
            message = next((m for m in [rec.message, *rec.followups] if m and m.id == r.id("message_id")), None)
        if message is None or message.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    def get_original_webhook_message(self, r: Req) -> Any:
        return self._hook_message(r).to_json()

    def update_original_webhook_message(self, r: Req) -> Any:
        return self._edit(self._hook_message(r), r)

    def delete_original_webhook_message(self, r: Req) -> Any:
        self._delete(self._hook_message(r))

    get_webhook_message = get_original_webhook_message
    update_webhook_message = update_original_webhook_message
    delete_webhook_message = delete_original_webhook_message

    # --- guilds --------------------------------------------------------------------------------------
    def get_guild(self, r: Req) -> Any:
        guild = self._guild(r)
        data = {k: v for k, v in guild.to_json().items() if k not in _GATEWAY_ONLY}
        if r.call.query.get("with_counts", "").lower() in ("1", "true"):
            data.update(approximate_member_count=len(guild.members), approximate_presence_count=0)
        return data

    def list_guild_channels(self, r: Req) -> Any:
        return [c.to_json() for c in self._guild(r).channels.values() if not c.is_thread and not c.deleted]

    def list_guild_members(self, r: Req) -> Any:
        after = int(r.call.query.get("after", 0))
        members = sorted((m for m in self._guild(r).members.values() if m.user.id > after), key=lambda m: m.user.id)
        return [m.to_json() for m in members[: int(r.call.query.get("limit", 1))]]

    def get_guild_member(self, r: Req) -> Any:
        member = self._guild(r).members.get(r.id("user_id"))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return member.to_json()

    def list_guild_roles(self, r: Req) -> Any:
        return [role.to_json() for role in self._guild(r).roles.values()]

    def _overwrites(self, guild: Guild, raw: list[dict[str, Any]] | None, perms: int) -> list[Overwrite]:
        """The bot may only allow or deny permissions it has itself (unless it is an administrator):
        Discord answers 50013 Missing Permissions."""
        overwrites = [Overwrite.from_json(o) for o in raw or []]
        for o in overwrites:
            if o.type == 0 and o.id not in guild.roles:
                raise ApiError(404, 10011, "Unknown Role")
            if o.type == 1 and o.id not in guild.members:
                raise ApiError(404, 10013, "Unknown User")
            self._require(perms, o.allow | o.deny)
        return overwrites

    def create_guild_channel(self, r: Req) -> Any:
        guild, body = self._guild(r), r.body
        kind = body.get("type") or 0
        if kind not in (0, 2, 4, 5, 13, 15):
            raise invalid_form("type", f"Channel type {kind} cannot be created here")
        parent = None
        if body.get("parent_id"):
            parent = self.world.channels.get(int(body["parent_id"]))
            if parent is None or parent.guild is not guild or parent.type != 4:
                raise invalid_form("parent_id", "Not a category of this guild")
        bot_id = self.world.bot.id
        perms = guild.permissions_for(bot_id, parent) if parent else guild.base_permissions(bot_id)
        self._require(perms, MANAGE_CHANNELS)
        # A new channel's overwrites may allow or deny only what the bot holds in the guild, and Manage
        # Roles only if it is an administrator (Discord's Create Guild Channel).
        held = guild.base_permissions(bot_id)
        overwrites = self._overwrites(guild, body.get("permission_overwrites"), held)
        if not held & ADMINISTRATOR and any((o.allow | o.deny) & MANAGE_ROLES for o in overwrites):
            raise missing_permissions()
        name = body["name"]
        if kind == 0:  # Discord's text channel names: lower case, dashes for spaces
            name = re.sub(r"[\s-]+", "-", name.strip().lower())
        return guild.add_channel(name, kind, parent=parent, overwrites=overwrites, topic=body.get("topic")).to_json()

    # --- channels ------------------------------------------------------------------------------------
    def _manage(self, channel: Channel) -> None:
        if channel.guild is None:
            raise ApiError(403, 50003, "Cannot execute action on a DM channel")
        if channel.is_thread:
            if channel.owner_id != self.world.bot.id:
                self._require(self._perms(channel), MANAGE_THREADS)
        else:
            self._require(self._perms(channel), MANAGE_CHANNELS)

    def get_channel(self, r: Req) -> Any:
        return self._channel(r).to_json()

    def update_channel(self, r: Req) -> Any:
        channel = self._channel(r)
        self._manage(channel)
        assert channel.guild is not None
        body = r.body or {}
        if "permission_overwrites" in body:
            channel.overwrites = self._overwrites(channel.guild, body["permission_overwrites"], self._perms(channel))
        for key in ("name", "topic", "position", "archived", "locked", "auto_archive_duration", "invitable"):
            if key in body:
                setattr(channel, key, body[key])
        if "parent_id" in body:
            channel.parent_id = int(body["parent_id"]) if body["parent_id"] else None
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        self.world.emit(event, channel.to_json(), channel.guild.id)
        return channel.to_json()

    def delete_channel(self, r: Req) -> Any:
        channel = self._channel(r)
        data = channel.to_json()
        if channel.guild is None:
            return data  # closing a DM
        self._manage(channel)
        guild = channel.guild
        for other in list(guild.channels.values()):
            if other.parent_id == channel.id and other.is_thread:
                self._remove_channel(other)
            elif other.parent_id == channel.id:
                other.parent_id = None
                self.world.emit("CHANNEL_UPDATE", other.to_json(), guild.id)
        self._remove_channel(channel)
        return data

    def _remove_channel(self, channel: Channel) -> None:
        assert channel.guild is not None
        channel.deleted = True
        del channel.guild.channels[channel.id], self.world.channels[channel.id]
        if channel.is_thread:
            self.world.emit("THREAD_DELETE", {"id": str(channel.id), "guild_id": str(channel.guild.id),
                                              "parent_id": str(channel.parent_id), "type": channel.type},
                            channel.guild.id)
        else:
            self.world.emit("CHANNEL_DELETE", channel.to_json(), channel.guild.id)

    def set_channel_permission_overwrite(self, r: Req) -> Any:
        channel = self._channel(r)
        if channel.guild is None or channel.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        self._require(self._perms(channel), MANAGE_ROLES)
        (new,) = self._overwrites(channel.guild, [{**r.body, "id": r.params["overwrite_id"]}], self._perms(channel))
        channel.overwrites = [o for o in channel.overwrites if o.id != new.id] + [new]
        self.world.emit("CHANNEL_UPDATE", channel.to_json(), channel.guild.id)

    def delete_channel_permission_overwrite(self, r: Req) -> Any:
        channel = self._channel(r)
        if channel.guild is None:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        self._require(self._perms(channel), MANAGE_ROLES)
        channel.overwrites = [o for o in channel.overwrites if o.id != r.id("overwrite_id")]
        self.world.emit("CHANNEL_UPDATE", channel.to_json(), channel.guild.id)

    def list_messages(self, r: Req) -> Any:
        channel, q = self._channel(r), r.call.query
        messages = channel.messages
        if "before" in q:
            messages = [m for m in messages if m.id < int(q["before"])]
        if "after" in q:
            messages = [m for m in messages if m.id > int(q["after"])]
        return [m.to_json() for m in reversed(messages)][: int(q.get("limit", 50))]

    def create_message(self, r: Req) -> Any:
        channel = self._channel(r)
        if channel.recipient is not None and channel.recipient.dm_closed:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        if channel.type not in (0, 1, 5, 10, 11, 12):
            raise ApiError(400, 50008, "Cannot send messages in a non-text channel")
        if channel.guild is not None:
            need = (SEND_IN_THREADS if channel.is_thread else SEND_MESSAGES) | (ATTACH_FILES if r.files else 0)
            self._require(self._perms(channel), need)
            if channel.is_thread and channel.locked:
                raise ApiError(400, 50083, "Thread is archived")
            if channel.is_thread and channel.archived:  # a message unarchives a thread that is not locked
                channel.archived = False
                self.world.emit("THREAD_UPDATE", channel.to_json(), channel.guild.id)
        body, suppressed = self._embeds_allowed(channel, r.body or {})
        return self._new_message(channel, body, r.files, suppressed=suppressed).to_json()

    def _embeds_allowed(self, channel: Channel, body: dict[str, Any]) -> tuple[dict[str, Any], bool]:
        """Without Embed Links in a guild channel Discord takes the bot's message but drops its embeds
        (nobody sees them; no error). Interaction responses are not concerned: an app may always embed
        there. Returns the body as Discord keeps it, and whether embeds were dropped."""
        if channel.guild is None or not body.get("embeds") or self._perms(channel) & (EMBED_LINKS | ADMINISTRATOR):
            return body, False
        return {**body, "embeds": []}, True

    def get_message(self, r: Req) -> Any:
        channel = self._channel(r)
        return self._message(channel, r).to_json()

    def update_message(self, r: Req) -> Any:
        channel = self._channel(r)
        message = self._message(channel, r)
        if message.author is not self.world.bot:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        if channel.guild is not None and r.files:
            self._require(self._perms(channel), ATTACH_FILES)
        body, suppressed = self._embeds_allowed(channel, r.body or {})
        return self._edit(message, r, body=body, suppressed=suppressed)

    def delete_message(self, r: Req) -> Any:
        channel = self._channel(r)
        message = self._message(channel, r)
        if message.author is not self.world.bot:
            if channel.guild is None:
                raise ApiError(403, 50003, "Cannot execute action on a DM channel")
            self._require(self._perms(channel), MANAGE_MESSAGES)
        self._delete(message)

    def add_my_message_reaction(self, r: Req) -> Any:
        self._message(self._channel(r), r)

    def trigger_typing_indicator(self, r: Req) -> Any:
        self._channel(r)

    # --- threads -------------------------------------------------------------------------------------
    def _thread(self, parent: Channel, name: str, kind: int, body: dict[str, Any], thread_id: int | None) -> Any:
        if parent.guild is None or parent.type not in (0, 5):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        need = CREATE_PUBLIC_THREADS if kind in (10, 11) else CREATE_PRIVATE_THREADS
        self._require(self._perms(parent), need)
        guild = parent.guild
        thread = Channel(thread_id or self.world.ids.next(), kind, name, guild, parent.id, owner_id=self.world.bot.id,
                         auto_archive_duration=body.get("auto_archive_duration") or 1440,
                         invitable=body.get("invitable") is not False, thread_members={self.world.bot.id})
        guild.channels[thread.id] = self.world.channels[thread.id] = thread
        self.world.emit("THREAD_CREATE", {**thread.to_json(), "newly_created": True}, guild.id)
        return thread.to_json()

    def create_thread(self, r: Req) -> Any:
        parent = self._channel(r)
        if "message" in r.body:  # forum posts
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return self._thread(parent, r.body["name"], r.body.get("type") or 12, r.body, None)

    def create_thread_from_message(self, r: Req) -> Any:
        parent = self._channel(r)
        message = self._message(parent, r)
        if message.id in self.world.channels:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        return self._thread(parent, r.body["name"], 10 if parent.type == 5 else 11, r.body, message.id)

    def _thread_member(self, r: Req, user_id: int, join: bool) -> None:
        thread = self._channel(r)
        if not thread.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        assert thread.guild is not None
        if user_id not in thread.guild.members:
            raise ApiError(404, 10013, "Unknown User")
        if user_id != self.world.bot.id:  # adding or removing someone else
            if thread.archived:
                raise ApiError(400, 50083, "Thread is archived")
            perms = self._perms(thread)
            self._require(perms, SEND_IN_THREADS)
            moderator = bool(perms & (MANAGE_THREADS | ADMINISTRATOR))
            if thread.type == 12 and not moderator and thread.owner_id != self.world.bot.id and (
                    not join or not thread.invitable):
                raise missing_permissions()
        if join:
            thread.thread_members.add(user_id)
        else:
            thread.thread_members.discard(user_id)
        self.world.notify("structure")

    def join_thread(self, r: Req) -> Any:
        self._thread_member(r, self.world.bot.id, True)

    def leave_thread(self, r: Req) -> Any:
        self._thread_member(r, self.world.bot.id, False)

    def add_thread_member(self, r: Req) -> Any:
        self._thread_member(r, r.id("user_id"), True)

    def delete_thread_member(self, r: Req) -> Any:
        self._thread_member(r, r.id("user_id"), False)


def _numbered(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Discord gives every component without one an `id`, counting up through the tree."""
    components = copy.deepcopy(components)
    taken = {c["id"] for c in _walk(components) if c.get("id") is not None}
    counter = 0
    for c in _walk(components):
        if c.get("id") is None:
            counter += 1
            while counter in taken:
                counter += 1
            c["id"] = counter
    return components


def _walk(components: list[dict[str, Any]]) -> Any:
    for c in components:
        yield c
        yield from _walk(list(c.get("components", [])) + [x for x in (c.get("accessory"), c.get("component")) if x])


_GATEWAY_ONLY = {"channels", "threads", "members", "member_count", "large", "unavailable", "joined_at",
                 "voice_states", "presences", "stage_instances", "guild_scheduled_events", "soundboard_sounds"}

