"""What the stand-in records of each request (a ``Call``, and any ``Violation`` of Discord's rules),
the 429s a test asks for, and a request as a handler receives it."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .errors import ApiError


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

