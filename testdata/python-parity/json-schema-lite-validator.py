import json

schema = {
    "type": "object",
    "required": ["name", "age", "emails"],
    "properties": {
        "name": {"type": "string", "minLength": 1},
        "age": {"type": "integer", "minimum": 0, "maximum": 150},
        "emails": {"type": "array", "items": {"type": "string", "pattern": "@"}},
        "address": {"type": "object", "required": ["city"], "properties": {"city": {"type": "string"}}},
    },
}
TYPES = {"string": str, "integer": int, "array": list, "object": dict, "number": (int, float), "boolean": bool}

def validate(value, schema, path="$"):
    errors = []
    t = schema.get("type")
    if t and (not isinstance(value, TYPES[t]) or (t == "integer" and isinstance(value, bool))):
        return [f"{path}: expected {t}, got {type(value).__name__}"]
    if t == "object":
        for key in schema.get("required", []):
            if key not in value:
                errors.append(f"{path}: missing required {key!r}")
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                errors += validate(value[key], sub, f"{path}.{key}")
    elif t == "array":
        for i, item in enumerate(value):
            errors += validate(item, schema.get("items", {}), f"{path}[{i}]")
    elif t == "string":
        if len(value) < schema.get("minLength", 0):
            errors.append(f"{path}: shorter than {schema['minLength']}")
        if "pattern" in schema and schema["pattern"] not in value:
            errors.append(f"{path}: does not match {schema['pattern']!r}")
    elif t == "integer":
        if value < schema.get("minimum", value):
            errors.append(f"{path}: {value} < {schema['minimum']}")
        if value > schema.get("maximum", value):
            errors.append(f"{path}: {value} > {schema['maximum']}")
    return errors

docs = [
    '{"name": "Ann", "age": 31, "emails": ["ann@example.com"]}',
    '{"name": "", "age": 200, "emails": ["nope", 5]}',
    '{"age": true, "emails": [], "address": {"zip": "123"}}',
]
report = {}
for i, d in enumerate(docs):
    errs = validate(json.loads(d), schema)
    report[f"doc{i}"] = errs
    print(f"doc{i}: {'valid' if not errs else ''}")
    for e in errs:
        print("   ", e)
return report
