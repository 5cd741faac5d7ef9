import json

doc = json.loads('''{"store": {"book": [
  {"category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95},
  {"category": "fiction", "author": "Evelyn Waugh", "title": "Sword of Honour", "price": 12.99},
  {"category": "fiction", "author": "Herman Melville", "title": "Moby Dick", "isbn": "0-553-21311-3", "price": 8.99}
 ], "bicycle": {"color": "red", "price": 19.95}, "a/b": {"m~n": 1}}}''')

def resolve(doc, pointer):
    if pointer == "":
        return doc
    node = doc
    for raw in pointer.lstrip("/").split("/"):
        token = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, list):
            if not token.isdigit():
                raise KeyError(f"{pointer}: {token!r} is not an index")
            node = node[int(token)]
        else:
            node = node[token]
    return node

pointers = ["/store/book/0/title", "/store/bicycle/color", "/store/book/2/isbn", "/store/a~1b/m~0n", "/store/book/5", "/store/book/x", "/store/missing"]
results = {}
for p in pointers:
    try:
        results[p] = resolve(doc, p)
    except (KeyError, IndexError) as e:
        results[p] = f"{type(e).__name__}: {e}"
    print(f"{p:<24} {results[p]!r}")
cheap = [b["title"] for b in doc["store"]["book"] if b["price"] < 10]
return {"results": results, "cheap": cheap}
