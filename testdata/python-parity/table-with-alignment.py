rows = [
    ("Service", "Uptime", "p95 (ms)", "Errors"),
    ("auth", 99.982, 41.5, 12),
    ("billing", 99.5, 220.25, 340),
    ("search", 100.0, 88.0, 0),
    ("notifications", 98.75, 1530.4, 2891),
]
header, *body = rows
widths = [max(len(str(r[i])) if i == 0 else len(f"{r[i]:,}") for r in rows) for i in range(len(header))]
widths = [max(w, len(h)) for w, h in zip(widths, header)]
sep = "+" + "+".join("-" * (w + 2) for w in widths) + "+"
print(sep)
print("| " + " | ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(header, widths))) + " |")
print(sep.replace("-", "="))
for name, up, p95, err in body:
    cells = [name.ljust(widths[0]), f"{up:.2f}%".rjust(widths[1]), f"{p95:,.1f}".rjust(widths[2]), f"{err:,}".rjust(widths[3])]
    print("| " + " | ".join(cells) + " |")
print(sep)
worst = max(body, key=lambda r: r[3])
return f"worst: {worst[0]} with {worst[3]:,} errors"
