values = [3, 1, 4, 1, 5, 9, 2, 6]
values.sort()
print("sorted:", values)
print("median:", (values[3] + values[4]) / 2)
