import re
from urllib.parse import urlparse, parse_qs, unquote

ROUTES = [
    ("GET", r"^/users/?$", "list_users"),
    ("GET", r"^/users/(?P<user_id>\d+)/?$", "get_user"),
    ("GET", r"^/users/(?P<user_id>\d+)/posts/(?P<slug>[\w-]+)$", "get_post"),
    ("POST", r"^/users/?$", "create_user"),
    ("GET", r"^/files/(?P<path>.+)$", "get_file"),
]
compiled = [(m, re.compile(p), h) for m, p, h in ROUTES]

def dispatch(method, url):
    parsed = urlparse(url)
    path = unquote(parsed.path)
    allowed = []
    for m, rx, handler in compiled:
        match = rx.match(path)
        if match:
            if m == method:
                return 200, handler, match.groupdict(), {k: v if len(v) > 1 else v[0] for k, v in parse_qs(parsed.query).items()}
            allowed.append(m)
    if allowed:
        return 405, f"allowed: {', '.join(sorted(set(allowed)))}", {}, {}
    return 404, None, {}, {}

requests = [("GET", "/users"), ("GET", "/users/42?fields=name&fields=email"), ("GET", "/users/42/posts/hello-world"),
            ("DELETE", "/users/42"), ("POST", "/users/"), ("GET", "/files/docs/read%20me.txt"), ("GET", "/nope"), ("GET", "/users/abc")]
out = []
for method, url in requests:
    status, handler, args, query = dispatch(method, url)
    out.append([method, url, status, handler, args, query])
    print(f"{method:<6} {url:<36} {status} {handler} {args} {query}")
return out
