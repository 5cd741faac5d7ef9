import heapq

graph = {
    "A": {"B": 4, "C": 2},
    "B": {"C": 5, "D": 10},
    "C": {"E": 3},
    "D": {"F": 11},
    "E": {"D": 4, "F": 15},
    "F": {},
    "G": {"A": 1},
}

def dijkstra(graph, source):
    dist = {source: 0}
    prev = {}
    pq = [(0, source)]
    while pq:
        d, node = heapq.heappop(pq)
        if d > dist.get(node, float("inf")):
            continue
        for nxt, w in graph[node].items():
            nd = d + w
            if nd < dist.get(nxt, float("inf")):
                dist[nxt] = nd
                prev[nxt] = node
                heapq.heappush(pq, (nd, nxt))
    return dist, prev

def path(prev, target):
    out = [target]
    while out[-1] in prev:
        out.append(prev[out[-1]])
    return out[::-1]

dist, prev = dijkstra(graph, "A")
for node in sorted(graph):
    if node in dist:
        print(f"A -> {node}: {dist[node]:>3} via {' > '.join(path(prev, node))}")
    else:
        print(f"A -> {node}: unreachable")
return {n: [dist[n], path(prev, n)] for n in sorted(dist)}
