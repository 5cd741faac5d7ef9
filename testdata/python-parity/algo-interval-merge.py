def merge(intervals):
    out = []
    for start, end in sorted(intervals):
        if out and start <= out[-1][1]:
            out[-1][1] = max(out[-1][1], end)
        else:
            out.append([start, end])
    return out

def free_slots(busy, day_start, day_end, min_len=30):
    slots, cursor = [], day_start
    for s, e in merge(busy):
        if s - cursor >= min_len:
            slots.append([cursor, s])
        cursor = max(cursor, e)
    if day_end - cursor >= min_len:
        slots.append([cursor, day_end])
    return slots

def fmt(m):
    return f"{m // 60:02d}:{m % 60:02d}"

calendars = {
    "ann": [(540, 600), (660, 720), (780, 840)],
    "ben": [(570, 630), (700, 760), (900, 960)],
    "cy": [(600, 615), (990, 1020)],
}
all_busy = [iv for c in calendars.values() for iv in c]
merged = merge(all_busy)
print("merged busy:", [f"{fmt(s)}-{fmt(e)}" for s, e in merged])
slots = free_slots(all_busy, 540, 1080)
print("common free:", [f"{fmt(s)}-{fmt(e)}" for s, e in slots])
return slots
