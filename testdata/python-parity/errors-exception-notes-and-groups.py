errors = []
for i, payload in enumerate([{"qty": 2}, {"qty": -1}, {}, {"qty": "many"}]):
    try:
        qty = payload["qty"]
        if not isinstance(qty, int):
            raise TypeError(f"qty must be int, not {type(qty).__name__}")
        if qty < 0:
            raise ValueError("qty must be >= 0")
    except (KeyError, TypeError, ValueError) as e:
        e.add_note(f"while validating item {i}")
        errors.append(e)

for e in errors:
    print(type(e).__name__, e, e.__notes__)

group = ExceptionGroup("validation failed", errors)
print(group, len(group.exceptions))
try:
    raise group
except* ValueError as eg:
    print("values:", [str(e) for e in eg.exceptions])
except* (KeyError, TypeError) as eg:
    print("others:", [type(e).__name__ for e in eg.exceptions])
match, rest = group.split(TypeError)
print(match.exceptions, rest.message, [type(e).__name__ for e in rest.exceptions])
return [f"{type(e).__name__}: {e}" for e in errors]
