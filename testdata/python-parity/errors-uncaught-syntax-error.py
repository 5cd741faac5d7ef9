def summarize(rows):
    total = sum(r["amount"] for r in rows)
    return {"count": len(rows), "total": total

rows = [{"amount": 3}, {"amount": 4}]
return summarize(rows)
