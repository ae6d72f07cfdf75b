"""The errors Discord answers with, as the stand-in raises them from a handler."""

from __future__ import annotations

from typing import Any


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

