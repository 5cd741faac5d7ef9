from typing import Optional, Union, Any, get_type_hints, Annotated, NamedTuple
import inspect

class Range(NamedTuple):
    lo: float
    hi: float

def clamp(value: float, bounds: Range, *, strict: bool = False) -> Optional[float]:
    """Clamp value into bounds; with strict, out-of-range gives None."""
    if bounds.lo <= value <= bounds.hi:
        return value
    if strict:
        return None
    return min(max(value, bounds.lo), bounds.hi)

Meters = Annotated[float, "unit=m"]
def distance(a: Meters, b: Meters) -> Meters:
    return abs(a - b)

sig = inspect.signature(clamp)
print(sig)
for name, p in sig.parameters.items():
    print(f"  {name}: kind={p.kind.name} default={p.default!r} annotation={p.annotation}")
print(get_type_hints(clamp))
print(get_type_hints(distance, include_extras=True)["a"])
print(clamp.__doc__)
print([clamp(v, Range(0, 10)) for v in (-5, 3.5, 12)], clamp(12, Range(0, 10), strict=True))
r = Range(1, 2)
print(r, r._asdict(), r._replace(hi=5), Range._fields)
return {"clamped": [clamp(v, Range(0, 1)) for v in (-1, 0.5, 2)], "union": str(Union[int, str]), "opt": str(Optional[int])}
