import traceback

def risky(n):
    if n > 2:
        raise OverflowError(f"n={n} is too large")
    return n * 2

captured = []
for n in range(5):
    try:
        captured.append(risky(n))
    except OverflowError:
        tb = traceback.format_exc()
        captured.append(tb.strip().splitlines()[-1])
        print(tb, end="")
lines = traceback.format_exception_only(ValueError("oops"))
print(lines)
return captured
