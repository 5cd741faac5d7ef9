import difflib

old = """def greet(name):
    print("Hello " + name)

def farewell(name):
    print("Bye " + name)
""".splitlines(keepends=True)
new = """def greet(name, punctuation="!"):
    print(f"Hello {name}{punctuation}")

def farewell(name):
    print("Bye " + name)

def shout(name):
    greet(name.upper())
""".splitlines(keepends=True)
diff = list(difflib.unified_diff(old, new, fromfile="a/greet.py", tofile="b/greet.py", n=1))
print("".join(diff), end="")
added = sum(1 for l in diff if l.startswith("+") and not l.startswith("+++"))
removed = sum(1 for l in diff if l.startswith("-") and not l.startswith("---"))
print(f"{added} additions, {removed} deletions")
ctx = list(difflib.context_diff(old[:2], new[:2], n=0))
print(len(ctx))
return {"added": added, "removed": removed}
