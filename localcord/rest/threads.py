"""The thread routes: threads opened in a channel or from a message, and who is in them."""

from __future__ import annotations

from typing import Any

from ..model import ADMINISTRATOR, Channel
from .errors import ApiError, missing_permissions
from .handlers import CREATE_PRIVATE_THREADS, CREATE_PUBLIC_THREADS, MANAGE_THREADS, SEND_IN_THREADS, Handlers
from .records import Req


class ThreadRoutes(Handlers):
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

