orders = [12.5, 7.25, 30.0]
total = 0
for amount in orders:
    total += amount
average = totl / len(orders)
return average
