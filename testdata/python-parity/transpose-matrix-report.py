matrix = [
    [3, 7, 1, 9],
    [4, 4, 8, 2],
    [6, 0, 5, 5],
]
transposed = [list(col) for col in zip(*matrix)]
row_sums = [sum(r) for r in matrix]
col_sums = [sum(c) for c in transposed]
for r, s in zip(matrix, row_sums):
    print(" ".join(f"{v:3d}" for v in r), "|", f"{s:3d}")
print("-" * 16 + "+----")
print(" ".join(f"{v:3d}" for v in col_sums), "|", f"{sum(row_sums):3d}")
product = [[sum(a * b for a, b in zip(row, col)) for col in zip(*transposed)] for row in matrix]
return {"transposed": transposed, "row_sums": row_sums, "col_sums": col_sums, "gram": product}
