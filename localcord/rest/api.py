"""REST v10: every request is recorded, matched to an operation of Discord's OpenAPI description and
validated, then served from the world by a handler named after the operation id (each resource's
handlers in a module of their own)."""

from __future__ import annotations

import json
import re
import traceback
from collections.abc import Callable
from typing import Any

from aiohttp import web

from .. import openapi
from ..gateway import Gateway
from ..model import World
from .channels import ChannelRoutes
from .commands import CommandRoutes
from .errors import ApiError
from .guilds import GuildRoutes
from .interactions import InteractionRoutes
from .messages import MessageRoutes
from .records import Call, RateLimit, Req, Violation
from .routes import CREATED, NO_AUTH, ROUTES
from .threads import ThreadRoutes
from .users import UserRoutes


class Rest(InteractionRoutes, MessageRoutes, ChannelRoutes, ThreadRoutes, GuildRoutes, CommandRoutes, UserRoutes):
    """Every resource's handlers joined into one API, which ``handle`` serves (the server routes
    /api/v10/... to it)."""

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

