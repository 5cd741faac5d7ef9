from urllib.parse import urlparse, urlunparse, parse_qsl, urlencode, quote, unquote

urls = [
    "HTTPS://Example.COM:443/a/./b/../c/?utm_source=x&id=42&utm_medium=y#Section",
    "http://user:pa%20ss@host.example:8080/path%20with%20spaces?q=caf%C3%A9&q=tea",
    "//cdn.example.net/lib.js",
    "mailto:someone@example.com?subject=Hi%20there",
    "/relative/path?x=1",
]

def normalize(url):
    p = urlparse(url)
    scheme = p.scheme.lower()
    host = (p.hostname or "")
    port = p.port
    if (scheme, port) in (("http", 80), ("https", 443)):
        port = None
    netloc = host + (f":{port}" if port else "")
    segments = []
    for seg in p.path.split("/"):
        if seg == "..":
            if segments:
                segments.pop()
        elif seg not in (".",):
            segments.append(seg)
    path = "/".join(segments) or "/"
    query = urlencode(sorted((k, v) for k, v in parse_qsl(p.query) if not k.startswith("utm_")))
    return urlunparse((scheme, netloc, path, "", query, ""))

for u in urls:
    p = urlparse(u)
    print(f"{u}\n  scheme={p.scheme!r} host={p.hostname!r} port={p.port} path={unquote(p.path)!r} query={parse_qsl(p.query)} frag={p.fragment!r}")
    if p.username:
        print(f"  user={p.username!r} password={unquote(p.password)!r}")
print(normalize(urls[0]))
print(quote("a b/c?d=é", safe="/"), quote("a b/c", safe=""))
return [normalize(u) for u in urls[:2]]
