steps = ["visit", "signup", "activate", "purchase"]
users = {
    "u01": ["visit", "signup", "activate", "purchase"],
    "u02": ["visit"],
    "u03": ["visit", "signup"],
    "u04": ["visit", "signup", "activate"],
    "u05": ["visit", "signup", "activate", "purchase"],
    "u06": ["visit", "signup"],
    "u07": ["visit"],
    "u08": ["visit", "signup", "activate"],
}
reached = {s: sum(1 for evts in users.values() if s in evts) for s in steps}
rows = []
prev = None
for s in steps:
    n = reached[s]
    step_rate = n / prev if prev else 1.0
    overall = n / reached[steps[0]]
    rows.append({"step": s, "users": n, "step_rate": round(step_rate, 3), "overall": round(overall, 3)})
    print(f"{s:<9} {n:>2}  {step_rate:6.1%}  {overall:6.1%}")
    prev = n
biggest_drop = min(rows[1:], key=lambda r: r["step_rate"])
print(f"largest drop-off before {biggest_drop['step']!r}")
return rows
