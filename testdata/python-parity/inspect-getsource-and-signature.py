import inspect

def apply_discount(price: float, percent: float = 10, *, cap: float | None = None) -> float:
    """Return price reduced by percent, never below cap if given."""
    reduced = price * (1 - percent / 100)
    if cap is not None:
        reduced = max(reduced, cap)
    return round(reduced, 2)

src = inspect.getsource(apply_discount)
print(src, end="")
sig = inspect.signature(apply_discount)
print(sig, list(sig.parameters))
bound = sig.bind(100, cap=95)
bound.apply_defaults()
print(bound.arguments, apply_discount(*bound.args, **bound.kwargs))
print(inspect.getdoc(apply_discount), inspect.isfunction(apply_discount), inspect.getsourcelines(apply_discount)[1])
print([name for name, _ in inspect.getmembers(str, inspect.ismethoddescriptor)][:3])
return {"lines": len(src.splitlines()), "first_line": inspect.getsourcelines(apply_discount)[1]}
