from html.parser import HTMLParser

DOC = """<!DOCTYPE html>
<html><head><title>Shop &amp; Blog</title><meta name="description" content="Deals"></head>
<body>
  <nav><a href="/">Home</a> | <a href="/shop?cat=1&amp;sort=asc">Shop</a> | <a href="https://blog.example.com/">Blog</a></nav>
  <h1>Welcome</h1>
  <p>Read our <a href="/about" title="About us">story</a>.<br>
  <img src="/logo.png" alt="Logo"/></p>
  <a name="anchor-only">no href</a>
  <script>var x = "<a href='/fake'>";</script>
</body></html>"""

class LinkCollector(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.title, self._in_title, self._current = [], "", False, None
        self.tags = {}
    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        attrs = dict(attrs)
        if tag == "title":
            self._in_title = True
        if tag == "a" and "href" in attrs:
            self._current = {"href": attrs["href"], "text": ""}
    def handle_endtag(self, tag):
        if tag == "title":
            self._in_title = False
        if tag == "a" and self._current:
            self.links.append(self._current)
            self._current = None
    def handle_data(self, data):
        if self._in_title:
            self.title += data
        if self._current is not None:
            self._current["text"] += data

p = LinkCollector()
p.feed(DOC)
p.close()
print("title:", p.title)
for l in p.links:
    print(f"{l['text']!r:>8} -> {l['href']}")
external = [l["href"] for l in p.links if l["href"].startswith("http")]
return {"title": p.title, "links": p.links, "external": external, "tags": dict(sorted(p.tags.items()))}
