samples = ["plain ascii", "café ☕", "日本語テキスト", "emoji 👍🏽", "\u00a0nbsp"]
report = {}
for s in samples:
    entry = {"utf8": len(s.encode()), "utf16": len(s.encode("utf-16-le")) // 2, "chars": len(s)}
    for codec in ("ascii", "latin-1", "cp1252"):
        try:
            s.encode(codec)
            entry[codec] = "ok"
        except UnicodeEncodeError as e:
            entry[codec] = f"fails at {e.start}: {e.reason}"
    entry["ascii_replace"] = s.encode("ascii", "replace").decode()
    entry["xml"] = s.encode("ascii", "xmlcharrefreplace").decode()
    report[s] = entry
    print(s, entry)
bad = b"caf\xe9 \xff\xfe ok"
print(bad.decode("utf-8", "replace"), bad.decode("utf-8", "backslashreplace"), bad.decode("latin-1"))
try:
    bad.decode("utf-8")
except UnicodeDecodeError as e:
    print("UnicodeDecodeError:", e)
return report
