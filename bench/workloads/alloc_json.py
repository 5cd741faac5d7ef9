# Allocation-heavy JSON, as alloc_json.js: build lists of small dicts,
# serialise them, parse the text back and walk the result.
import json


def work():
    total = 0
    for _ in range(2):
        items = []
        for i in range(3000):
            items.append({
                "id": i,
                "name": "item-" + str(i),
                "price": i * 1.25,
                "tags": ["a" + str(i % 7), "b" + str(i % 13)],
                "dims": {"w": i % 100, "h": (i * 3) % 100},
                "active": i % 2 == 0,
            })
        text = json.dumps(items, separators=(",", ":"))
        back = json.loads(text)
        for it in back:
            total += it["dims"]["w"] + len(it["tags"]) + (1 if it["active"] else 0)
        total += len(text)
    return total
