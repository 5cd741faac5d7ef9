import unicodedata

def display_width(s):
    w = 0
    for ch in s:
        if unicodedata.combining(ch):
            continue
        w += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return w

def pad(s, width):
    return s + " " * (width - display_width(s))

rows = [("名前", "東京", 13960000), ("Name", "Zürich", 421878), ("Nom", "Montréal", 1762949), ("이름", "서울", 9411000), ("Ｘ", "Cafe\u0301", 1)]
widths = [max(display_width(str(r[i])) for r in rows) for i in range(3)]
for r in rows:
    print("| " + " | ".join(pad(str(c), w) for c, w in zip(r, widths)) + " |")
print([display_width(r[1]) for r in rows], [len(r[1]) for r in rows])
return {"widths": widths}
