def normalize(weights):
    total = sum(weights.values())
    out = {k: v / total for k, v in weights.items()}
    assert abs(sum(out.values()) - 1) < 1e-9, f"weights sum to {sum(out.values())}"
    return out

print(normalize({"a": 1, "b": 3}))
weights = {"x": 1e308, "y": 1e308}
print("normalizing", weights)
return normalize(weights)
