raw = [
    "  smith, JOHN ", "o'brien, mary-kate", "VAN DER BERG, Anna", "lee,kim",
    "DE LA CRUZ,  josé", "mcdonald, RONALD", "  ", "nguyen, thi",
]

def title_part(p):
    p = p.strip().lower()
    small = {"van", "der", "de", "la", "von"}
    words = []
    for w in p.split():
        if w in small:
            words.append(w)
        else:
            w = "-".join(x.capitalize() for x in w.split("-"))
            if w.startswith("O'"):
                w = "O'" + w[2:].capitalize()
            if w.startswith("Mc") and len(w) > 2:
                w = "Mc" + w[2:].capitalize()
            words.append(w)
    if words:
        words[0] = words[0][0].upper() + words[0][1:]
    return " ".join(words)

people = []
for r in raw:
    if not r.strip():
        continue
    last, _, first = r.partition(",")
    people.append({"first": title_part(first), "last": title_part(last)})
people.sort(key=lambda p: (p["last"].lower(), p["first"]))
for p in people:
    print(f"{p['first']} {p['last']}")
return people
