def read(lines):
    for n, line in enumerate(lines, 1):
        yield n, line

def strip_comments(rows):
    for n, line in rows:
        line = line.split("#", 1)[0].rstrip()
        if line:
            yield n, line

def parse(rows):
    for n, line in rows:
        name, _, rest = line.partition(":")
        deps = [d.strip() for d in rest.split(",") if d.strip()]
        yield name.strip(), deps

source = """
# build graph
app: lib, utils
lib: utils   # core
utils:
tests: app, lib
docs:
""".splitlines()
graph = dict(parse(strip_comments(read(source))))
print(graph)

def topo(graph):
    done, order = set(), []
    def visit(node, stack=()):
        if node in stack:
            raise ValueError(f"cycle: {' -> '.join(stack + (node,))}")
        if node in done:
            return
        for dep in graph.get(node, []):
            visit(dep, stack + (node,))
        done.add(node)
        order.append(node)
    for node in graph:
        visit(node)
    return order

order = topo(graph)
print("build order:", order)
gen = (x * x for x in range(5))
print(next(gen), next(gen), list(gen), list(gen))
def countdown(n):
    while n:
        received = yield n
        n = n - 1 if received is None else received
c = countdown(5)
print(next(c), c.send(2), next(c), next(c, "done"))
graph["utils"] = ["app"]
try:
    topo(graph)
except ValueError as e:
    print(e)
return order
