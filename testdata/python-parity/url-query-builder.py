from urllib.parse import urlencode, quote_plus, parse_qs, urljoin, urlsplit, urlunsplit

base = "https://api.example.com/v2/"
params = {"q": "python asyncio & threads", "page": 2, "tags": ["web", "async"], "empty": "", "lang": "en-US"}
query = urlencode(params, doseq=True)
url = urljoin(base, "search") + "?" + query
print(url)
print(parse_qs(urlsplit(url).query, keep_blank_values=True))
print(urlencode({"path": "/a b", "x": "1+1=2"}, quote_via=quote_plus), urlencode({"path": "/a b"}, safe="/"))
links = ["../v1/users", "/health", "items/?id=3", "https://other.example/x", "#frag", "?only=query"]
resolved = {l: urljoin(base + "orders/list", l) for l in links}
for k, v in resolved.items():
    print(f"{k:<26} -> {v}")
parts = urlsplit("https://example.com/path;params?a=1#top")
print(parts, urlunsplit(parts._replace(query="b=2", fragment="")))
return resolved
