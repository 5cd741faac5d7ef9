from decimal import Decimal

prices = {"basic": Decimal("9.99"), "pro": Decimal("29.00")}
print("plans:", ", ".join(prices))
return {"plans": prices}
