import sys

print("a", "b", "c", sep=", ")
print("no newline", end="")
print(" ... continued")
print("to stderr", file=sys.stderr)
print("multi\nline\nvalue")
print()
print("", end="")
print(1, 2.5, None, True, [1, "x"], {"k": (1,)}, sep=" | ")
sys.stdout.write("written directly\n")
sys.stderr.write("warning: something odd\n")
print("tab\tseparated", "x" * 3, sep="\t")
print("final partial line", end="")
