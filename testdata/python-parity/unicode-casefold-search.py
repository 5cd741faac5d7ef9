import unicodedata
import re

catalog = ["Crème Brûlée", "CREME BRULEE (frozen)", "Straße Map", "strasse atlas", "İstanbul Guide", "Ærøskøbing", "résumé tips", "RESUME builder"]

def fold(s):
    s = unicodedata.normalize("NFKD", s.casefold())
    return "".join(ch for ch in s if not unicodedata.combining(ch))

queries = ["creme brulee", "STRASSE", "istanbul", "resume", "æro"]
results = {}
for q in queries:
    fq = fold(q)
    results[q] = [item for item in catalog if fq in fold(item)]
    print(f"{q!r}: {results[q]}")
print("İ".lower(), len("İ".lower()), "ß".upper(), "ﬀ".upper(), "Σ".lower(), "ΌΣΟΣ".lower())
print(re.findall(r"\w+", "naïve-façade ünïcödé 123 _x"), re.findall(r"(?a)\w+", "naïve café"))
return results
