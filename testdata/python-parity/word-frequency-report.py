text = """It was the best of times, it was the worst of times, it was the age of
wisdom, it was the age of foolishness, it was the epoch of belief, it was the
epoch of incredulity, it was the season of Light, it was the season of Darkness,
it was the spring of hope, it was the winter of despair."""
import re
from collections import Counter

words = re.findall(r"[a-z']+", text.lower())
stop = {"it", "was", "the", "of"}
counts = Counter(w for w in words if w not in stop)
print(f"{len(words)} words, {len(set(words))} distinct, {len(counts)} after stop words")
for word, n in counts.most_common(6):
    print(f"{word:<12}{'*' * n} {n}")
longest = max(counts, key=lambda w: (len(w), w))
return {"top": counts.most_common(6), "longest": longest, "hapax": sorted(w for w, n in counts.items() if n == 1)}
