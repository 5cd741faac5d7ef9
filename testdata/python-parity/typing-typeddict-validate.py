from typing import TypedDict, NotRequired, Literal, get_type_hints, get_origin, get_args

class User(TypedDict):
    id: int
    name: str
    role: Literal["admin", "member", "guest"]
    email: NotRequired[str]

def validate(data: dict) -> list[str]:
    errors = []
    hints = get_type_hints(User)
    for key in User.__required_keys__:
        if key not in data:
            errors.append(f"missing {key}")
    for key, value in data.items():
        if key not in hints:
            errors.append(f"unexpected {key}")
            continue
        t = hints[key]
        if get_origin(t) is Literal:
            if value not in get_args(t):
                errors.append(f"{key}: {value!r} not in {get_args(t)}")
        elif not isinstance(value, t):
            errors.append(f"{key}: expected {t.__name__}, got {type(value).__name__}")
    return errors

samples = [
    {"id": 1, "name": "Ann", "role": "admin"},
    {"id": "2", "name": "Bob", "role": "owner"},
    {"name": "Cy", "role": "guest", "email": "cy@example.com", "age": 4},
]
report = {}
for i, s in enumerate(samples):
    report[i] = validate(s)
    print(i, report[i] or "ok")
print(sorted(User.__required_keys__), sorted(User.__optional_keys__))
return {str(k): v for k, v in report.items()}
