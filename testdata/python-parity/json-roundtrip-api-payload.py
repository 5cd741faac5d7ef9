import json

raw = '''{
  "data": [
    {"id": 1, "type": "article", "attributes": {"title": "JSON:API", "views": 1520, "score": 4.5, "tags": ["api", "spec"]}},
    {"id": 2, "type": "article", "attributes": {"title": "Ünicode ✓", "views": 0, "score": null, "tags": []}}
  ],
  "meta": {"total": 2, "next": null, "generated": "2024-06-01T12:00:00Z"}
}'''
doc = json.loads(raw)
titles = [d["attributes"]["title"] for d in doc["data"]]
print(titles)
for d in doc["data"]:
    d["attributes"]["slug"] = d["attributes"]["title"].lower().replace(" ", "-")
compact = json.dumps(doc, separators=(",", ":"))
pretty = json.dumps(doc["data"][1], indent=2, ensure_ascii=False)
escaped = json.dumps(doc["data"][1]["attributes"]["title"])
print(len(compact), escaped)
print(pretty)
assert json.loads(compact) == doc
return doc["meta"] | {"titles": titles}
