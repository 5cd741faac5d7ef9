import warnings

def old_api(x):
    warnings.warn("old_api() is deprecated; use new_api()", DeprecationWarning, stacklevel=2)
    return x * 2

def risky_ratio(a, b):
    if b == 0:
        warnings.warn(f"ratio {a}/{b} undefined, returning 0", RuntimeWarning)
        return 0
    return a / b

print(old_api(21))
print(risky_ratio(1, 0))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    old_api(1)
    risky_ratio(2, 0)
    warnings.warn("plain user warning")
print([f"{w.category.__name__}: {w.message}" for w in caught])
warnings.filterwarnings("ignore", category=RuntimeWarning)
risky_ratio(3, 0)
print("done")
return [str(w.message) for w in caught]
