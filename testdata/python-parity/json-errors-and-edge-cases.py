import json

samples = ['{"a": 1}', "{'a': 1}", '{"a": NaN}', '[1, 2, ]', '"\\ud83d\\ude00"', '1e400', "", "  [true, false, null]  ", '{"a": 1} trailing', "01"]
results = []
for s in samples:
    try:
        v = json.loads(s)
        results.append(f"ok {v!r}")
    except json.JSONDecodeError as e:
        results.append(f"error at {e.pos}: {e.msg}")
for s, r in zip(samples, results):
    print(f"{s!r:<24} {r}")
print(json.dumps(float("inf")), json.dumps([1.0, 1e16, 1e-7, 0.1 + 0.2]))
try:
    json.dumps(float("nan"), allow_nan=False)
except ValueError as e:
    print("ValueError:", e)
print(json.dumps({3: "int key", None: "none key", True: "bool key", 2.5: "float key"}))
print(json.dumps("tab\there \u00e9 \U0001F600"), json.dumps("é", ensure_ascii=False))
try:
    json.dumps({(1, 2): "tuple"})
except TypeError as e:
    print("TypeError:", e)
return results
