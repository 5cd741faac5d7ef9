from decimal import Decimal, ROUND_HALF_EVEN, InvalidOperation

rates = {"USD": Decimal("1"), "EUR": Decimal("0.9213"), "GBP": Decimal("0.7894"), "JPY": Decimal("151.37"), "KWD": Decimal("0.3075")}
minor_units = {"USD": 2, "EUR": 2, "GBP": 2, "JPY": 0, "KWD": 3}

def convert(amount, src, dst):
    usd = Decimal(amount) / rates[src]
    out = usd * rates[dst]
    q = Decimal(1).scaleb(-minor_units[dst])
    return out.quantize(q, rounding=ROUND_HALF_EVEN)

conversions = [("100", "USD", "EUR"), ("2500", "JPY", "USD"), ("75.5", "GBP", "KWD"), ("1", "KWD", "JPY"), ("abc", "USD", "EUR")]
results = []
for amount, src, dst in conversions:
    try:
        v = convert(amount, src, dst)
        results.append(f"{amount} {src} = {v} {dst}")
    except InvalidOperation as e:
        results.append(f"{amount} {src}: invalid amount ({type(e).__name__})")
for r in results:
    print(r)
print(Decimal("1").scaleb(-3), Decimal("123.4500").normalize(), Decimal("1E+2").to_integral_value())
return results
