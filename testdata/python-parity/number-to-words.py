ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
SCALES = [(10**9, "billion"), (10**6, "million"), (1000, "thousand"), (100, "hundred")]

def words(n):
    if n < 0:
        return "minus " + words(-n)
    if n < 20:
        return ONES[n]
    if n < 100:
        t, o = divmod(n, 10)
        return TENS[t] + ("-" + ONES[o] if o else "")
    for value, name in SCALES:
        if n >= value:
            head, rest = divmod(n, value)
            tail = ""
            if rest:
                tail = (" and " if rest < 100 else " ") + words(rest)
            return f"{words(head)} {name}{tail}"

checks = [0, 7, 13, 40, 99, 100, 101, 342, 1000, 1999, 20020, 1_000_001, 987_654_321, -15]
result = {}
for n in checks:
    result[str(n)] = words(n)
    print(f"{n:>12,}: {words(n)}")
return result
