from decimal import Decimal, ROUND_HALF_UP

def payment(principal, annual_rate, months):
    r = annual_rate / 12
    factor = (1 + r) ** months
    return (principal * r * factor / (factor - 1)).quantize(Decimal("0.01"), ROUND_HALF_UP)

P = Decimal("18500")
rate = Decimal("0.069")
n = 24
pmt = payment(P, rate, n)
balance = P
rows = []
total_interest = Decimal(0)
for k in range(1, n + 1):
    interest = (balance * rate / 12).quantize(Decimal("0.01"), ROUND_HALF_UP)
    principal_part = pmt - interest
    if k == n:
        principal_part = balance
    balance -= principal_part
    total_interest += interest
    rows.append((k, interest, principal_part, balance))
for k, i, p, b in rows[:3] + rows[-3:]:
    print(f"{k:>3} interest {i:>8} principal {p:>9} balance {b:>10}")
print("payment:", pmt, "total interest:", total_interest)
return {"payment": str(pmt), "interest": str(total_interest), "final_balance": str(balance)}
