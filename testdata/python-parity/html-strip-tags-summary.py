import re
import html
from html.parser import HTMLParser

class TextExtractor(HTMLParser):
    SKIP = {"script", "style"}
    BLOCK = {"p", "div", "li", "h1", "h2", "h3", "br", "tr"}
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []
        self.skip = 0
    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.skip += 1
        elif tag in self.BLOCK:
            self.parts.append("\n")
    def handle_endtag(self, tag):
        if tag in self.SKIP:
            self.skip -= 1
        elif tag in self.BLOCK:
            self.parts.append("\n")
    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)
    def text(self):
        raw = "".join(self.parts)
        lines = [re.sub(r"\s+", " ", l).strip() for l in raw.split("\n")]
        return "\n".join(l for l in lines if l)

doc = """<html><style>p{color:red}</style><body>
<h1>Release&nbsp;2.4</h1><p>This release   fixes <b>14</b> bugs &amp; adds
<i>dark mode</i>.</p><ul><li>Faster startup</li><li>Smaller bundle (&lt;2&nbsp;MB)</li></ul>
<script>track()</script><div>Thanks to all 37 contributors!</div></body></html>"""
t = TextExtractor()
t.feed(doc)
text = t.text()
print(text)
words = len(text.split())
return {"text": text, "words": words, "naive": html.unescape(re.sub(r"<[^>]+>", "", doc))[:40]}
