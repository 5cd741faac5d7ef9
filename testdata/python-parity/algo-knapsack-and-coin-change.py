def knapsack(items, capacity):
    best = [[0] * (capacity + 1) for _ in range(len(items) + 1)]
    for i, (name, w, v) in enumerate(items, 1):
        for c in range(capacity + 1):
            best[i][c] = best[i - 1][c]
            if w <= c:
                best[i][c] = max(best[i][c], best[i - 1][c - w] + v)
    chosen, c = [], capacity
    for i in range(len(items), 0, -1):
        if best[i][c] != best[i - 1][c]:
            chosen.append(items[i - 1][0])
            c -= items[i - 1][1]
    return best[-1][-1], chosen[::-1]

def coin_change(coins, amount):
    INF = float("inf")
    dp = [0] + [INF] * amount
    pick = [None] * (amount + 1)
    for a in range(1, amount + 1):
        for c in coins:
            if c <= a and dp[a - c] + 1 < dp[a]:
                dp[a] = dp[a - c] + 1
                pick[a] = c
    if dp[amount] == INF:
        return None
    out = []
    while amount:
        out.append(pick[amount])
        amount -= pick[amount]
    return sorted(out, reverse=True)

items = [("tent", 5, 60), ("stove", 3, 50), ("food", 4, 70), ("camera", 2, 30), ("books", 3, 20), ("rope", 1, 15)]
value, chosen = knapsack(items, 10)
print(f"best value {value} with {chosen}")
for coins, amt in [([1, 5, 10, 25], 63), ([1, 3, 4], 6), ([2], 7), ([9, 6, 5, 1], 11)]:
    print(f"{amt} with {coins}: {coin_change(coins, amt)}")
return {"value": value, "chosen": chosen}
