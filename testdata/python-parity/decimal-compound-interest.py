from decimal import Decimal, getcontext, ROUND_HALF_EVEN

getcontext().prec = 28
principal = Decimal("25000.00")
annual_rate = Decimal("0.0499")
years = 5
schedule = []
balance = principal
monthly = annual_rate / 12
for month in range(1, years * 12 + 1):
    interest = (balance * monthly).quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN)
    balance += interest
    if month % 12 == 0:
        schedule.append({"year": month // 12, "balance": str(balance)})
        print(f"year {month // 12}: {balance:>12,.2f}")
effective = ((1 + monthly) ** 12 - 1) * 100
print(f"effective annual rate: {effective:.4f}%")
print("exact monthly rate:", monthly)
return schedule
