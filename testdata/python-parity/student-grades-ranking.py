scores = {
    "Avery": [88, 92, 79, 95],
    "Blake": [72, 85, 90, 68],
    "Casey": [95, 98, 91, 99],
    "Drew": [60, 75, 70, 82],
    "Emery": [88, 92, 79, 95],
    "Finley": [45, 55, 62, 50],
}

def letter(avg):
    for cutoff, grade in ((90, "A"), (80, "B"), (70, "C"), (60, "D")):
        if avg >= cutoff:
            return grade
    return "F"

ranked = sorted(
    ((name, sum(s) / len(s)) for name, s in scores.items()),
    key=lambda t: (-t[1], t[0]),
)
results = []
rank = 0
prev = None
for i, (name, avg) in enumerate(ranked, 1):
    if avg != prev:
        rank = i
        prev = avg
    results.append({"rank": rank, "name": name, "avg": round(avg, 2), "grade": letter(avg)})
    print(f"{rank}. {name:<7} {avg:6.2f} {letter(avg)}")

distribution = {}
for r in results:
    distribution[r["grade"]] = distribution.get(r["grade"], 0) + 1
print("distribution:", distribution)
return results
