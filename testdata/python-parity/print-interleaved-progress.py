import sys

steps = ["fetch", "parse", "validate", "store"]
for i, step in enumerate(steps, 1):
    print(f"[{i}/{len(steps)}] {step}...", end=" ")
    if step == "validate":
        print("WARN")
        print(f"  validation found 2 soft errors in {step}", file=sys.stderr)
    else:
        print("ok")
print("summary:", ", ".join(steps), flush=True)
print("\n".join(f"  - {s}" for s in steps))
print("trailing newline\n")
return len(steps)
