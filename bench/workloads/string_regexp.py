# Strings and regular expressions, as string_regexp.js: build a text by
# joining, scan it with a regexp, replace with a callback, split, and test
# an e-mail pattern against many short strings.
import re


def work():
    words = ["word" + str(i % 997) + ("-x" if i % 3 == 0 else "") for i in range(10000)]
    text = " ".join(words)
    n = 0
    for m in re.finditer(r"([a-z]+?)(\d+)(-x)?", text):
        n += len(m.group(2)) + (1 if m.group(3) else 0)
    replaced = re.sub(r"word(\d+)", lambda m: "w" + str(int(m.group(1)) * 2), text)
    parts = re.split(r"\s+", replaced)
    s = ""
    for i in range(0, len(parts), 10):
        s += parts[i].upper() + ","
    email = re.compile(r"^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$", re.I)
    ok = 0
    for i in range(10000):
        if email.match("user" + str(i) + ("@" if i % 5 == 0 else "#") + "example.com"):
            ok += 1
    return n + len(replaced) + len(parts) + len(s) + ok
