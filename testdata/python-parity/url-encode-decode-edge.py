from urllib.parse import quote, unquote, quote_from_bytes, unquote_to_bytes, unquote_plus, urlparse

samples = ["hello world", "100% sure", "naïve café", "emoji 😀", "a+b=c&d", "slash/and?question", "~tilde-_."]
rows = []
for s in samples:
    q = quote(s)
    rows.append((s, q, unquote(q) == s))
    print(f"{s!r:<22} {q}")
print(quote_from_bytes(b"\x00\xff\x10"), unquote_to_bytes("%00%FF%zz"))
print(unquote("%E2%82%AC %ZZ %"), unquote("%ff%fe", errors="replace"), unquote_plus("a+b%2Bc"))
weird = urlparse("http://[2001:db8::1]:8443/p?x#y")
print(weird.hostname, weird.port, weird.netloc)
try:
    urlparse("http://host:99999/").port
except ValueError as e:
    print("ValueError:", e)
return rows
