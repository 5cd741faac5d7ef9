import re

md = """# Release notes
See [the docs](https://docs.example.com/v2) and the [changelog][cl].
Images: ![logo](/img/logo.png "Logo") are ignored. Email <team@example.com>.
Raw link: https://example.org/path?q=1&x=2 and [broken](  ).

[cl]: https://example.com/CHANGELOG.md
"""
inline = re.findall(r"(?<!!)\[([^\]]+)\]\(\s*([^)\s]*)(?:\s+\"[^\"]*\")?\s*\)", md)
refs = dict(re.findall(r"^\[([^\]]+)\]:\s*(\S+)$", md, re.M))
ref_links = [(text, refs.get(key)) for text, key in re.findall(r"\[([^\]]+)\]\[([^\]]+)\]", md)]
bare = re.findall(r"(?<![(<\[])\bhttps?://[^\s)>\]]+", md)
links = [(t, u) for t, u in inline] + ref_links
for text, url in links:
    status = "ok" if url else "EMPTY"
    print(f"{status:<5} {text!r}: {url!r}")
print("bare:", bare)
html = re.sub(r"(?<!!)\[([^\]]+)\]\(([^)\s]+)\)", r'<a href="\2">\1</a>', md.splitlines()[1])
print(html)
return {"links": links, "bare": bare}
