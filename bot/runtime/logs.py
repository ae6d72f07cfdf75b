"""Logging, set up once when the program starts: plain lines for a person, or one JSON object a line for
a log service, on standard error.

    2026-11-25 23:59:01 INFO parlour.tables: [guild 123 table 4] the table is restored
    {"time": "2026-11-25T23:59:01.123Z", "level": "INFO", "logger": "parlour.tables", "message": "the table
     is restored", "guild_id": 123, "table_id": 4}

A record about one table carries ``extra=table_extra(guild_id, table_id)``: plain lines show it in
brackets, JSON lines as fields. Any other ``extra`` is a field of the JSON line too."""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any, TextIO

PLAIN_DATE = "%Y-%m-%d %H:%M:%S"
# Attributes every LogRecord has: anything else on a record came from ``extra``.
_STANDARD = frozenset(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {"message", "asctime"}
_HANDLER_NAME = "parlour"


def table_extra(guild_id: int | None, table_id: int | None = None) -> dict[str, int]:
    """The ``extra`` of a record about one guild or one of its tables: ``log.info(..., extra=table_extra(g, t))``."""
    extra: dict[str, int] = {}
    if guild_id is not None:
        extra["guild_id"] = guild_id
    if table_id is not None:
        extra["table_id"] = table_id
    return extra


def extras(record: logging.LogRecord) -> dict[str, Any]:
    """The fields a record was given with ``extra``."""
    return {k: v for k, v in record.__dict__.items() if k not in _STANDARD and not k.startswith("_")}


class PlainFormatter(logging.Formatter):
    """``2026-11-25 23:59:01 INFO parlour.tables: [guild 123 table 4] message``, and any traceback below."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s", PLAIN_DATE)

    def formatMessage(self, record: logging.LogRecord) -> str:
        where = " ".join(f"{label} {getattr(record, key)}" for key, label in
                         (("guild_id", "guild"), ("table_id", "table")) if getattr(record, key, None) is not None)
        line = super().formatMessage(record)
        if where:
            head, sep, message = line.partition(": ")
            line = f"{head}{sep}[{where}] {message}"
        return line


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time (UTC), level, logger, message, the record's extras, and a traceback
    (as one string field) when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in extras(record).items():
            entry.setdefault(key, value)
        if record.exc_info:
            entry["traceback"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["traceback"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


def _no_voice(record: logging.LogRecord) -> bool:
    """Cards need no voice: discord.py's note that voice libraries are missing is no news."""
    return "voice will NOT" not in record.getMessage()


def configure(level: str = "INFO", fmt: str = "plain", *, stream: TextIO | None = None) -> None:
    """Sends every log record at ``level`` (DEBUG, INFO, WARNING or ERROR) or above to standard error (or
    ``stream``), as plain lines or (``fmt="json"``) JSON lines. discord.py's own loggers say only warnings
    and errors unless the level is DEBUG. Calling it again replaces what an earlier call set up."""
    number = logging.getLevelName(level.upper())
    if not isinstance(number, int):
        raise ValueError(f"unknown log level {level!r}")
    if fmt not in ("plain", "json"):
        raise ValueError(f"unknown log format {fmt!r}")
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.set_name(_HANDLER_NAME)
    handler.setFormatter(JsonFormatter() if fmt == "json" else PlainFormatter())
    handler.addFilter(_no_voice)
    root = logging.getLogger()
    for old in list(root.handlers):
        if old.get_name() == _HANDLER_NAME:
            root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(number)
    logging.getLogger("discord").setLevel(logging.NOTSET if number <= logging.DEBUG else max(number, logging.WARNING))
    logging.captureWarnings(True)
