import re

text = ("Dr. Smith arrived at 9 a.m. sharp. Was he late? No! He was early, "
        "as usual... The U.S. team, however, wasn't there yet. They came at 10:30.")
ABBREV = ["Dr.", "a.m.", "p.m.", "U.S.", "e.g.", "i.e."]
protected = text
for i, a in enumerate(ABBREV):
    protected = protected.replace(a, f"\x00{i}\x00")
parts = re.split(r"(?<=[.!?])\s+(?=[A-Z])", protected)
sentences = []
for p in parts:
    for i, a in enumerate(ABBREV):
        p = p.replace(f"\x00{i}\x00", a)
    sentences.append(p)
for i, s in enumerate(sentences, 1):
    print(f"{i}: {s}")
words = [len(re.findall(r"\b\w+(?:'\w+)?\b", s)) for s in sentences]
return {"sentences": sentences, "words": words}
