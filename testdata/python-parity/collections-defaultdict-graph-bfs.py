from collections import defaultdict, deque

edges = [("ana", "ben"), ("ben", "cy"), ("cy", "dee"), ("ana", "eve"), ("eve", "dee"), ("fay", "gus"), ("dee", "hal")]
graph = defaultdict(set)
for a, b in edges:
    graph[a].add(b)
    graph[b].add(a)

def shortest_path(start, goal):
    prev = {start: None}
    q = deque([start])
    while q:
        node = q.popleft()
        if node == goal:
            break
        for nxt in sorted(graph[node]):
            if nxt not in prev:
                prev[nxt] = node
                q.append(nxt)
    if goal not in prev:
        return None
    path = [goal]
    while prev[path[-1]] is not None:
        path.append(prev[path[-1]])
    return path[::-1]

def components():
    seen, comps = set(), []
    for node in sorted(graph):
        if node in seen:
            continue
        comp, stack = [], [node]
        while stack:
            n = stack.pop()
            if n in seen:
                continue
            seen.add(n)
            comp.append(n)
            stack.extend(graph[n] - seen)
        comps.append(sorted(comp))
    return comps

for a, b in [("ana", "hal"), ("ben", "eve"), ("ana", "gus")]:
    print(f"{a} -> {b}: {shortest_path(a, b)}")
print("components:", components())
degrees = {n: len(v) for n, v in sorted(graph.items())}
print("degrees:", degrees)
return {"components": components(), "degrees": degrees}
