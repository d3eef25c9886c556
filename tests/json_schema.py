"""A small JSON Schema checker for the JSON export's tests (jsonschema is not a dependency)."""

from __future__ import annotations

from typing import Any

_TYPES = {
    "string": str,
    "integer": int,
    "number": (int, float),
    "boolean": bool,
    "object": dict,
    "array": list,
    "null": type(None),
}


def validate(value: Any, schema: dict[str, Any], where: str = "$") -> None:
    """A small JSON Schema checker (the keywords JSON_SCHEMA uses); jsonschema is not a dependency."""
    if "anyOf" in schema:
        errors = []
        for option in schema["anyOf"]:
            try:
                validate(value, option, where)
                return
            except AssertionError as error:
                errors.append(str(error))
        raise AssertionError(f"{where}: matches no option: {errors}")
    if "const" in schema:
        assert value == schema["const"], f"{where}: {value!r} != {schema['const']!r}"
    if "enum" in schema:
        assert value in schema["enum"], f"{where}: {value!r} not in {schema['enum']}"
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        ok = any(
            isinstance(value, _TYPES[k]) and not (k in ("integer", "number") and isinstance(value, bool)) for k in kinds
        )
        assert ok, f"{where}: {value!r} is not {kinds}"
    if isinstance(value, dict):
        for key in schema.get("required", []):
            assert key in value, f"{where}: missing key {key!r}"
        properties = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key, item in value.items():
            if key in properties:
                validate(item, properties[key], f"{where}.{key}")
            elif extra is False:
                raise AssertionError(f"{where}: undocumented key {key!r}")
            elif isinstance(extra, dict):
                validate(item, extra, f"{where}.{key}")
    if isinstance(value, list) and "items" in schema:
        for index, item in enumerate(value):
            validate(item, schema["items"], f"{where}[{index}]")
