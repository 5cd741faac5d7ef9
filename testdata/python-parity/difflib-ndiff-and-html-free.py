import difflib

before = ["apples 3", "bananas 12", "cherries 40", "dates 7"]
after = ["apples 3", "bananas 10", "cherries 40", "elderberries 2", "dates 7"]
for line in difflib.ndiff(before, after):
    print(line)
d = difflib.Differ()
delta = list(d.compare(["one two three"], ["one too three"]))
print(delta)
restored = list(difflib.restore(difflib.ndiff(before, after), 2))
print(restored == after)
m = difflib.SequenceMatcher(None, before, after)
changes = []
for tag, i1, i2, j1, j2 in m.get_opcodes():
    if tag != "equal":
        changes.append({"op": tag, "old": before[i1:i2], "new": after[j1:j2]})
print(changes)
return changes
