import difflib

commands = ["status", "commit", "checkout", "branch", "rebase", "merge", "stash", "cherry-pick", "log", "diff"]
typos = ["stauts", "comit", "chekout", "brnach", "cherrypick", "lgo", "xyzzy", "merg"]
suggestions = {}
for t in typos:
    matches = difflib.get_close_matches(t, commands, n=2, cutoff=0.6)
    suggestions[t] = matches
    hint = f"did you mean {' or '.join(repr(m) for m in matches)}?" if matches else "no suggestion"
    print(f"git: '{t}' is not a command; {hint}")
ratios = {c: round(difflib.SequenceMatcher(None, "checkout", c).ratio(), 3) for c in commands}
print(sorted(ratios.items(), key=lambda kv: -kv[1])[:3])
sm = difflib.SequenceMatcher(None, "private Thread currentThread;", "private volatile Thread currentThread;")
print(sm.get_opcodes())
print(sm.find_longest_match(0, 29, 0, 38))
return suggestions
