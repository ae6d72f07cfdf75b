"""Discord's published OpenAPI 3.1 description: match a request to an operation, validate it (JSON Schema
2020-12), and check the stand-in's own responses against the documented shapes.

Why two validators: jsonschema (pure Python) explains an error well (the anyOf branch meant, the
path to the bad value) but takes 3-10 ms for a message with components, which was half the test
suite's time; jsonschema-rs (compiled) answers "valid?" in 0.02-0.2 ms. Every instance is checked
by jsonschema-rs, and only one it rejects is checked again by jsonschema for the words."""

from __future__ import annotations

import copy
import functools
import json
import re
import urllib.parse
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # jsonschema is needed only to validate: the local Discord runs without it
    from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
    from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped]

BASE_URI = "urn:discord-openapi"
METHODS = ("get", "put", "post", "patch", "delete")


class PathTable:
    """Matches concrete paths to templates like /channels/{channel_id}; literal segments win over parameters
    (so /users/@me beats /users/{user_id} and /messages/@original beats /messages/{message_id})."""

    def __init__(self, templates: Iterable[str]) -> None:
        compiled = []
        for template in templates:
            parts = template.strip("/").split("/")
            pattern = "/".join(f"(?P<{p[1:-1]}>[^/]+)" if p.startswith("{") else re.escape(p) for p in parts)
            literal = sum(not p.startswith("{") for p in parts)
            compiled.append((-literal, template, re.compile(f"/{pattern}")))
        self._table = [(t, rx) for _, t, rx in sorted(compiled, key=lambda x: x[:2])]

    def match(self, path: str) -> tuple[str, dict[str, str]] | None:
        for template, rx in self._table:
            m = rx.fullmatch(path)
            if m:
                return template, m.groupdict()
        return None


@dataclass(frozen=True)
class Operation:
    method: str  # upper case
    template: str
    operation_id: str
    raw: Mapping[str, Any]
    pointer: str  # JSON pointer of the operation within the spec

    @property
    def success_status(self) -> int:
        codes = sorted(int(c) for c in self.raw.get("responses", {}) if c.isdigit() and c.startswith("2"))
        return codes[0] if codes else 200


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


class OpenAPI:
    def __init__(self, spec: dict[str, Any]) -> None:
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012

        spec = copy.deepcopy(spec)
        # Discord accepts snowflakes as JSON integers in requests (discord.py sends them so: attachment
        # indexes, parent_id, overwrite ids, recipient_id); the description types them as strings only.
        schemas = spec["components"]["schemas"]
        schemas["SnowflakeType"] = {"anyOf": [schemas["SnowflakeType"], {"type": "integer", "minimum": 0}]}
        self.spec = spec
        self.registry: Registry = Registry().with_resource(
            BASE_URI, Resource.from_contents(spec, default_specification=DRAFT202012)
        )
        self.operations: dict[tuple[str, str], Operation] = {}
        for template, item in spec["paths"].items():
            for method in METHODS:
                if method in item:
                    pointer = f"/paths/{_escape(template)}/{method}"
                    op = Operation(method.upper(), template, item[method]["operationId"], item[method], pointer)
                    self.operations[(op.method, template)] = op
        self.paths = PathTable(spec["paths"])
        self._validators: dict[str, Draft202012Validator] = {}
        self._fast: dict[str, Any] = {}
        try:
            import jsonschema_rs  # type: ignore[import-not-found,unused-ignore]
        except ImportError:  # the Python validator alone: slower, the same verdicts
            self._fast_registry: Any = None
        else:
            self._fast_registry = jsonschema_rs.Registry([(BASE_URI, spec)])

    def _fast_valid(self, pointer: str, instance: Any) -> bool:
        """True when the compiled validator finds ``instance`` valid (False: not checked, or invalid)."""
        if self._fast_registry is None:
            return False
        v = self._fast.get(pointer)
        if v is None:
            import jsonschema_rs

            ref = f"{BASE_URI}#{urllib.parse.quote(pointer, safe='/~')}"
            v = self._fast[pointer] = jsonschema_rs.Draft202012Validator(
                {"$ref": ref}, registry=self._fast_registry, validate_formats=False)
        return bool(v.is_valid(instance))

    def _validator(self, pointer: str) -> Draft202012Validator:
        v = self._validators.get(pointer)
        if v is None:
            from jsonschema import Draft202012Validator

            v = Draft202012Validator({"$ref": f"{BASE_URI}#{pointer}"}, registry=self.registry)
            self._validators[pointer] = v
        return v

    def _resolve(self, node: Mapping[str, Any]) -> Mapping[str, Any]:
        while "$ref" in node:
            target: Any = self.spec
            for token in node["$ref"].lstrip("#/").split("/"):
                target = target[token.replace("~1", "/").replace("~0", "~")]
            node = target
        return node

    def match(self, method: str, path: str) -> tuple[Operation | None, dict[str, str], str | None]:
        found = self.paths.match(path)
        if found is None:
            return None, {}, "no such path in Discord's API description"
        template, params = found
        op = self.operations.get((method, template))
        if op is None:
            return None, params, f"{method} is not an operation of {template}"
        return op, params, None

    def _errors(self, pointer: str, instance: Any, where: str) -> list[str]:
        if self._fast_valid(pointer, instance):
            return []
        out = []
        for err in list(self._validator(pointer).iter_errors(instance))[:5]:
            err = _explain(err)
            out.append(f"{where}{err.json_path[1:]}: {_short(err.message)}")
        return out

    def check_request(
        self,
        op: Operation,
        path_params: Mapping[str, str],
        query: Mapping[str, str],
        body: Any,
        media_type: str | None,
    ) -> list[str]:
        errors: list[str] = []
        declared: dict[tuple[str, str], tuple[str, Mapping[str, Any]]] = {}
        item = self.spec["paths"][op.template]
        for where, params in (("path", item.get("parameters", [])), ("op", op.raw.get("parameters", []))):
            base = f"/paths/{_escape(op.template)}" + ("" if where == "path" else f"/{op.method.lower()}")
            for i, p in enumerate(params):
                p = self._resolve(p)
                declared[(p["in"], p["name"])] = (f"{base}/parameters/{i}/schema", p)
        for name, value in path_params.items():
            if ("path", name) in declared:
                pointer, _ = declared[("path", name)]
                errors += self._errors(pointer, value, f"path {name}")
        for name, raw in query.items():
            if ("query", name) not in declared:
                errors.append(f"query {name}: not a parameter of {op.operation_id}")
                continue
            pointer, p = declared[("query", name)]
            errors += self._errors(pointer, _coerce(raw, self._resolve(p.get("schema", {}))), f"query {name}")
        for (where, name), (_, p) in declared.items():
            if where == "query" and p.get("required") and name not in query:
                errors.append(f"query {name}: required")

        request_body = op.raw.get("requestBody")
        if request_body is None:
            if body is not None:
                errors.append(f"body: {op.operation_id} takes no request body")
            return errors
        if body is None:
            if request_body.get("required"):
                errors.append("body: required")
            return errors
        content = request_body.get("content", {})
        media = media_type if media_type and media_type in content else "application/json"
        if media not in content:
            return errors + [f"body: media type {media_type} not accepted"]
        return errors + self._errors(f"{op.pointer}/requestBody/content/{_escape(media)}/schema", body, "body")

    def check_response(self, op: Operation, status: int, body: Any) -> list[str]:
        responses = op.raw.get("responses", {})
        key = str(status) if str(status) in responses else f"{str(status)[0]}XX"
        if key not in responses:
            return [f"status {status} is not documented for {op.operation_id}"]
        entry = responses[key]
        pointer = entry["$ref"].lstrip("#") if "$ref" in entry else f"{op.pointer}/responses/{key}"
        if "application/json" not in self._resolve(entry).get("content", {}):
            return [] if body is None else [f"status {status} of {op.operation_id} has no body"]
        return self._errors(f"{pointer}/content/application~1json/schema", body, "response ")


def _explain(err: ValidationError) -> ValidationError:
    """Inside anyOf/oneOf, the branch the instance was meant for: not rejected by a discriminator (enum,
    const), fewest errors, furthest in."""
    while err.context:
        branches: dict[Any, list[ValidationError]] = {}
        for e in err.context:
            branches.setdefault(e.relative_schema_path[0], []).append(e)
        best = min(branches.values(), key=lambda es: (any(e.validator in ("enum", "const") for e in es), len(es),
                                                     -max(len(e.absolute_path) for e in es)))
        err = max(best, key=lambda e: len(e.absolute_path))
    return err


def _coerce(raw: str, schema: Mapping[str, Any]) -> Any:
    types = schema.get("type", [])
    types = [types] if isinstance(types, str) else types
    try:
        if "boolean" in types and raw.lower() in ("true", "false", "1", "0"):
            return raw.lower() in ("true", "1")
        if "integer" in types:
            return int(raw)
        if "number" in types:
            return float(raw)
    except ValueError:
        pass
    return raw


def _short(message: str, limit: int = 240) -> str:
    return message if len(message) <= limit else message[:limit] + "…"


@functools.lru_cache(maxsize=2)
def _load(path: str, mtime: float) -> OpenAPI:
    with open(path, encoding="utf-8") as f:
        return OpenAPI(json.load(f))


def load(path: Path | None) -> tuple[OpenAPI | None, str | None]:
    """The parsed description at ``path`` (shared between local Discords), or None and the reason
    validation is skipped. The description is Discord's file, not ours: whoever runs us says where it is."""
    if path is None:
        return None, "no OpenAPI description given: REST validation off"
    if not path.is_file():
        return None, f"Discord's OpenAPI description is absent ({path}): REST validation skipped"
    try:
        import jsonschema  # noqa: F401
    except ImportError:
        return None, "validating requests needs the jsonschema package (pip install jsonschema)"
    return _load(str(path), path.stat().st_mtime), None
