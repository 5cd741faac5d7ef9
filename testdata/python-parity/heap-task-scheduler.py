import heapq

tasks = [
    (3, "write report", 45), (1, "fix prod bug", 30), (2, "review PR", 20), (1, "call customer", 15),
    (3, "update docs", 25), (2, "plan sprint", 60), (4, "clean inbox", 10),
]
heap = []
for seq, (prio, name, minutes) in enumerate(tasks):
    heapq.heappush(heap, (prio, seq, name, minutes))
clock = 9 * 60
schedule = []
while heap:
    prio, _, name, minutes = heapq.heappop(heap)
    start = clock
    clock += minutes
    schedule.append(f"{start // 60:02d}:{start % 60:02d}-{clock // 60:02d}:{clock % 60:02d} P{prio} {name}")
for s in schedule:
    print(s)
print("smallest 3 durations:", heapq.nsmallest(3, tasks, key=lambda t: t[2]))
print("largest 2:", heapq.nlargest(2, (t[2] for t in tasks)))
return schedule
