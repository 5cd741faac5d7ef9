import html

comments = [
    {"author": "Ann <admin>", "text": 'Great post! <script>alert("x")</script>'},
    {"author": "Bob & Co.", "text": "5 > 3 and 2 < 4; use &amp; for &"},
    {"author": "Zoë", "text": "It's \"quoted\" — ok"},
]
rows = []
for c in comments:
    rows.append(f'  <li class="comment" data-author="{html.escape(c["author"])}"><b>{html.escape(c["author"])}</b>: {html.escape(c["text"], quote=False)}</li>')
page = "<ul>\n" + "\n".join(rows) + "\n</ul>"
print(page)
print(html.unescape("&lt;p&gt;caf&eacute; &amp; cr&#232;me &#x1F600; &copy; &nbsp;|&notanentity;"))
return {"html": page, "roundtrip": html.unescape(html.escape(comments[0]["text"])) == comments[0]["text"]}
