"""The routes about who the bot is: users, direct message channels, the application and the gateway's
address."""

from __future__ import annotations

from typing import Any

from ..gateway import Gateway
from .errors import ApiError, invalid_form
from .handlers import Handlers
from .records import Req


class UserRoutes(Handlers):
    gateway: Gateway
    shards: int

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
