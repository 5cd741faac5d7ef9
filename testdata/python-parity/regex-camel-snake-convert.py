import re

def to_snake(name):
    s = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    s = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", s)
    return s.replace("-", "_").lower()

def to_camel(name, upper=False):
    parts = re.split(r"[_\-\s]+", name.strip("_"))
    first, rest = parts[0], parts[1:]
    out = (first.capitalize() if upper else first.lower()) + "".join(p.capitalize() for p in rest)
    return out

names = ["HTTPServerError", "getUserID", "parseJSONResponse", "simple", "already_snake", "kebab-case-name", "Version2Update", "XMLHttpRequest"]
table = {}
for n in names:
    snake = to_snake(n)
    table[n] = {"snake": snake, "camel": to_camel(snake), "pascal": to_camel(snake, upper=True)}
    print(f"{n:<18} {snake:<22} {table[n]['camel']:<20} {table[n]['pascal']}")
return table
