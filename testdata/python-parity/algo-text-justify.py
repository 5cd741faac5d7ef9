def justify(words, width):
    lines, cur, length = [], [], 0
    for w in words:
        if cur and length + len(cur) + len(w) > width:
            lines.append((cur, length))
            cur, length = [], 0
        cur.append(w)
        length += len(w)
    out = []
    for ws, l in lines:
        gaps = len(ws) - 1
        if gaps == 0:
            out.append(ws[0].ljust(width))
            continue
        spaces, extra = divmod(width - l, gaps)
        line = ""
        for i, w in enumerate(ws[:-1]):
            line += w + " " * (spaces + (1 if i < extra else 0))
        out.append(line + ws[-1])
    out.append(" ".join(cur).ljust(width))
    return out

text = "This is an example of text justification where every line except the last is padded to exactly the same width by spreading spaces."
for width in (16, 30):
    print(f"+{'-' * width}+")
    for line in justify(text.split(), width):
        print(f"|{line}|")
    print(f"+{'-' * width}+")
return justify(text.split(), 20)
