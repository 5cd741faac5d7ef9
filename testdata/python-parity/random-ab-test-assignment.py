import random
import hashlib
from collections import Counter

def bucket(user_id, experiment, variants=("control", "treatment"), weights=(50, 50)):
    h = int(hashlib.sha256(f"{experiment}:{user_id}".encode()).hexdigest()[:8], 16) % 100
    edge = 0
    for v, w in zip(variants, weights):
        edge += w
        if h < edge:
            return v

users = [f"user-{i}" for i in range(1000)]
assignment = {u: bucket(u, "checkout-v2", ("control", "a", "b"), (50, 25, 25)) for u in users}
print(Counter(assignment.values()))
rng = random.Random(7)
conversion = {"control": 0.10, "a": 0.12, "b": 0.09}
conversions = Counter()
for u, v in assignment.items():
    if rng.random() < conversion[v]:
        conversions[v] += 1
totals = Counter(assignment.values())
for v in ("control", "a", "b"):
    print(f"{v:<8} {conversions[v]:>3}/{totals[v]:<3} = {conversions[v] / totals[v]:.3%}")
print([assignment[u] for u in users[:10]])
return {v: [conversions[v], totals[v]] for v in ("control", "a", "b")}
