import re

TOKEN_SPEC = [
    ("NUMBER", r"\d+(?:\.\d*)?"),
    ("IDENT", r"[A-Za-z_]\w*"),
    ("OP", r"\*\*|[+\-*/()^=]"),
    ("SKIP", r"[ \t]+"),
    ("MISMATCH", r"."),
]
MASTER = re.compile("|".join(f"(?P<{n}>{p})" for n, p in TOKEN_SPEC))

def tokenize(src):
    for m in MASTER.finditer(src):
        kind = m.lastgroup
        if kind == "SKIP":
            continue
        if kind == "MISMATCH":
            raise SyntaxError(f"unexpected {m.group()!r} at column {m.start()}")
        yield kind, m.group()

def evaluate(src, env):
    tokens = list(tokenize(src))
    pos = 0
    def peek():
        return tokens[pos] if pos < len(tokens) else (None, None)
    def take():
        nonlocal pos
        tok = tokens[pos]
        pos += 1
        return tok
    def atom():
        kind, val = take()
        if kind == "NUMBER":
            return float(val) if "." in val else int(val)
        if kind == "IDENT":
            return env[val]
        if val == "(":
            v = expr()
            take()
            return v
        if val == "-":
            return -atom()
        raise SyntaxError(f"bad token {val!r}")
    def power():
        base = atom()
        if peek()[1] in ("**", "^"):
            take()
            return base ** power()
        return base
    def term():
        v = power()
        while peek()[1] in ("*", "/"):
            op = take()[1]
            v = v * power() if op == "*" else v / power()
        return v
    def expr():
        v = term()
        while peek()[1] in ("+", "-"):
            op = take()[1]
            v = v + term() if op == "+" else v - term()
        return v
    return expr()

env = {"x": 3, "rate": 0.25}
results = {}
for src in ["1 + 2 * 3", "(1 + 2) * 3", "2 ** 3 ** 2", "x * rate + 10 / 4", "-x + 2^4", "7 / 2", "3 $ 4"]:
    try:
        results[src] = evaluate(src, env)
    except (SyntaxError, KeyError) as e:
        results[src] = f"error: {e}"
    print(f"{src:<20} = {results[src]}")
print(list(tokenize("a1 = 3.5*(b+2)")))
return results
