import json

def load_config(text):
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"config is not valid JSON (line {e.lineno}, col {e.colno})") from e

def describe(exc):
    parts = [f"{type(exc).__name__}: {exc}"]
    while exc.__cause__ or exc.__context__:
        nxt = exc.__cause__ or exc.__context__
        how = "caused by" if exc.__cause__ else "during handling of"
        parts.append(f"  {how} {type(nxt).__name__}: {nxt}")
        exc = nxt
    return "\n".join(parts)

out = []
for text in ['{"a": 1}', '{"a": 1,}', "[1, 2", ""]:
    try:
        out.append(load_config(text))
    except ValueError as e:
        print(describe(e))
        out.append(None)

try:
    try:
        {}["missing"]
    except KeyError:
        1 / 0
except ZeroDivisionError as e:
    print(describe(e))
    print("suppressed context:", e.__suppress_context__)
return out
