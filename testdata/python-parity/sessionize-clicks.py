events = [
    ("u1", 100), ("u2", 105), ("u1", 130), ("u1", 2000), ("u2", 400),
    ("u1", 2100), ("u3", 50), ("u2", 4100), ("u3", 60), ("u3", 70),
]
GAP = 1800

by_user = {}
for user, t in sorted(events, key=lambda e: (e[0], e[1])):
    by_user.setdefault(user, []).append(t)

sessions = {}
for user, times in by_user.items():
    runs = [[times[0]]]
    for t in times[1:]:
        if t - runs[-1][-1] > GAP:
            runs.append([t])
        else:
            runs[-1].append(t)
    sessions[user] = [{"start": r[0], "end": r[-1], "clicks": len(r)} for r in runs]
    print(user, "->", len(runs), "session(s):", [(r[0], r[-1]) for r in runs])
return sessions
