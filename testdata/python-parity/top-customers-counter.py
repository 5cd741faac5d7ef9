from collections import Counter

purchases = [
    ("alice", "book"), ("bob", "pen"), ("alice", "pen"), ("carol", "book"),
    ("alice", "notebook"), ("bob", "book"), ("dave", "pen"), ("carol", "pen"),
    ("alice", "book"), ("erin", "stapler"), ("bob", "pen"), ("carol", "book"),
]

by_customer = Counter(name for name, _ in purchases)
by_item = Counter(item for _, item in purchases)

print("Most frequent customers:")
for name, n in by_customer.most_common(3):
    print(f"  {name}: {n}")
print("Items:", dict(by_item))
print("Total purchases:", by_customer.total())

combined = by_item + Counter({"pen": 2, "eraser": 1})
print("After restock:", sorted(combined.items()))
return {"customers": by_customer.most_common(), "items": dict(sorted(by_item.items()))}
