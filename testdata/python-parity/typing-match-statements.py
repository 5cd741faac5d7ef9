def describe(event):
    match event:
        case {"type": "click", "x": int(x), "y": int(y)} if x < 0 or y < 0:
            return f"click off-screen at ({x}, {y})"
        case {"type": "click", "x": x, "y": y}:
            return f"click at ({x}, {y})"
        case {"type": "key", "key": str(k), **rest} if rest.get("ctrl"):
            return f"ctrl+{k}"
        case {"type": "key", "key": k}:
            return f"key {k}"
        case {"type": "scroll", "delta": [dx, dy]}:
            return f"scroll by {dx},{dy}"
        case [first, *others]:
            return f"batch of {1 + len(others)} starting with {describe(first)}"
        case str() as s if s.startswith("#"):
            return f"comment {s[1:].strip()!r}"
        case None:
            return "nothing"
        case _:
            return f"unknown {type(event).__name__}"

events = [
    {"type": "click", "x": 10, "y": 20},
    {"type": "click", "x": -1, "y": 5},
    {"type": "key", "key": "s", "ctrl": True},
    {"type": "key", "key": "q"},
    {"type": "scroll", "delta": [0, -3]},
    [{"type": "key", "key": "a"}, {"type": "key", "key": "b"}],
    "# hello",
    None,
    3.5,
]
out = [describe(e) for e in events]
for o in out:
    print(o)
return out
