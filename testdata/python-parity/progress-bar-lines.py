tasks = [("download", 1.0), ("extract", 0.62), ("index", 0.155), ("verify", 0.0), ("upload", 0.999)]
WIDTH = 24
for name, frac in tasks:
    filled = int(frac * WIDTH)
    partial = "▏▎▍▌▋▊▉"[int((frac * WIDTH - filled) * 7)] if filled < WIDTH and frac * WIDTH - filled > 1 / 7 else ""
    bar = "█" * filled + partial
    print(f"{name:<9}|{bar:<{WIDTH}}| {frac:>6.1%}")
done = sum(1 for _, f in tasks if f >= 1)
print(f"{done}/{len(tasks)} complete, overall {sum(f for _, f in tasks) / len(tasks):.1%}")
return {name: round(frac * 100, 1) for name, frac in tasks}
