def spiral(m):
    out = []
    while m:
        out.extend(m.pop(0))
        m = [list(r) for r in zip(*m)][::-1]
    return out

def rotate(m):
    return [list(r) for r in zip(*m[::-1])]

grid = [[r * 4 + c for c in range(4)] for r in range(3)]
for row in grid:
    print(" ".join(f"{v:2d}" for v in row))
print("spiral:", spiral([row[:] for row in grid]))
rot = rotate(grid)
for row in rot:
    print(" ".join(f"{v:2d}" for v in row))
identity = [[int(i == j) for j in range(3)] for i in range(3)]
def matmul(a, b):
    return [[sum(x * y for x, y in zip(row, col)) for col in zip(*b)] for row in a]
sq = [[2, 1, 0], [1, 3, 1], [0, 1, 4]]
print(matmul(sq, identity) == sq, matmul(sq, sq))
return {"spiral": spiral([row[:] for row in grid]), "rotated": rot}
