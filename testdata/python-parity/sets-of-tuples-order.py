grid_moves = {(0, 1), (1, 0), (0, -1), (-1, 0)}
visited = set()
frontier = [(0, 0)]
walls = {(1, 1), (2, 0), (-1, 1)}
while frontier and len(visited) < 12:
    cell = frontier.pop(0)
    if cell in visited or cell in walls:
        continue
    visited.add(cell)
    for dx, dy in sorted(grid_moves):
        frontier.append((cell[0] + dx, cell[1] + dy))
print("visited (sorted):", sorted(visited))
print("visited (set order):", visited)
print("floats:", {0.5, 1.25, 3.75, 10.1, 2.2})
print("big ints:", {2**40, 2**35 + 7, 3**30, 10**12})
return list(visited)
