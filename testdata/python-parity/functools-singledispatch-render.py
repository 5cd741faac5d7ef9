from functools import singledispatch
from datetime import date
from decimal import Decimal

@singledispatch
def render(value):
    return f"<{type(value).__name__}>"

@render.register
def _(value: str):
    return f'"{value}"'

@render.register
def _(value: bool):
    return "yes" if value else "no"

@render.register(int)
@render.register(float)
def _(value):
    return f"{value:,}"

@render.register
def _(value: Decimal):
    return f"${value:,.2f}"

@render.register
def _(value: date):
    return value.strftime("%d %b %Y")

@render.register(list)
@render.register(tuple)
def _(value):
    return "[" + ", ".join(render(v) for v in value) + "]"

@render.register
def _(value: dict):
    return "{" + ", ".join(f"{k}: {render(v)}" for k, v in value.items()) + "}"

record = {"name": "Quarterly", "rows": 1234567, "ratio": 0.125, "ok": True, "budget": Decimal("98765.4"),
          "due": date(2024, 9, 30), "tags": ("a", "b"), "owner": None}
out = render(record)
print(out)
print(render.dispatch(bool).__name__, sorted(t.__name__ for t in render.registry if t is not object))
return out
