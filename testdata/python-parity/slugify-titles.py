import re
import unicodedata

titles = [
    "Hello, World!",
    "  Ünïcödé & Accents: Café Crème ",
    "10 Tips for Better Python (2024 Edition)",
    "C++ vs. Rust -- a comparison",
    "already-a-slug",
    "Ωmega ΔDelta",
]

def slugify(s, max_len=40):
    s = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode("ascii")
    s = re.sub(r"[^\w\s-]", "", s.lower())
    s = re.sub(r"[-\s_]+", "-", s).strip("-")
    if len(s) > max_len:
        s = s[:max_len].rsplit("-", 1)[0]
    return s or "untitled"

slugs = {}
for t in titles:
    base = slugify(t)
    slug, i = base, 2
    while slug in slugs.values():
        slug = f"{base}-{i}"
        i += 1
    slugs[t] = slug
    print(f"{t!r:48} -> {slug}")
return list(slugs.values())
