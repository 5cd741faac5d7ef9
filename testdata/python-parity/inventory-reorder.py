inventory = [
    {"sku": "A-100", "name": "Widget", "on_hand": 14, "reorder_at": 20, "lead_days": 5},
    {"sku": "A-101", "name": "Gadget", "on_hand": 55, "reorder_at": 30, "lead_days": 3},
    {"sku": "B-200", "name": "Doohickey", "on_hand": 0, "reorder_at": 10, "lead_days": 14},
    {"sku": "B-201", "name": "Thingamajig", "on_hand": 9, "reorder_at": 10, "lead_days": 7},
    {"sku": "C-300", "name": "Whatsit", "on_hand": 120, "reorder_at": 25, "lead_days": 2},
]
daily_usage = {"A-100": 3, "A-101": 4, "B-200": 1, "B-201": 2, "C-300": 10}

to_order = []
for item in inventory:
    usage = daily_usage[item["sku"]]
    days_left = item["on_hand"] / usage if usage else float("inf")
    urgent = days_left < item["lead_days"]
    if item["on_hand"] <= item["reorder_at"] or urgent:
        qty = max(item["reorder_at"] * 2 - item["on_hand"], usage * item["lead_days"])
        to_order.append({"sku": item["sku"], "qty": qty, "urgent": urgent, "days_left": round(days_left, 1)})

to_order.sort(key=lambda o: (not o["urgent"], o["days_left"]))
for o in to_order:
    flag = "URGENT" if o["urgent"] else "normal"
    print(f"{o['sku']}: order {o['qty']:>3} ({flag}, {o['days_left']} days left)")
return to_order
