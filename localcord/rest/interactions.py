"""The interaction routes: the callback that answers an interaction, and the webhook calls made with its
token (follow-ups, and reading, editing or deleting the answer or a follow-up)."""

from __future__ import annotations

import time
from typing import Any

from ..model import EPHEMERAL, LOADING, InteractionRecord, Message, iso
from .errors import ApiError, invalid_form
from .messages import MessageWriter
from .records import Req, Violation


class InteractionRoutes(MessageWriter):
    interaction_deadline: float  # seconds Discord waits for an answer

    def _interaction(self, r: Req) -> InteractionRecord:
        if r.id("webhook_id") != self.world.application_id:
            raise ApiError(404, 10015, "Unknown Webhook")
        for rec in self.world.interactions.values():
            if rec.token == r.params["webhook_token"]:
                return rec
        raise ApiError(404, 10015, "Unknown Webhook")
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
