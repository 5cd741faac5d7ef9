from itertools import combinations, permutations, product, combinations_with_replacement

team = ["ana", "ben", "cy", "dee"]
pairs = list(combinations(team, 2))
print(len(pairs), "pairings:", pairs)
rotas = list(permutations(team[:3]))
print(len(rotas), "rotas, first three:", rotas[:3])
sizes, colors = ["S", "M", "L"], ["red", "blue"]
skus = [f"{s}-{c}" for s, c in product(sizes, colors)]
print(skus)
coins = [1, 5, 10, 25]
ways = [c for n in range(1, 4) for c in combinations_with_replacement(coins, n) if sum(c) == 30]
print("ways to make 30c with up to 3 coins:", ways)
budget = 100
items = {"laptop stand": 45, "keyboard": 60, "mouse": 25, "cable": 10, "headset": 70}
best = max((c for n in range(1, len(items) + 1) for c in combinations(items, n) if sum(items[i] for i in c) <= budget),
           key=lambda c: (sum(items[i] for i in c), -len(c)))
print("best basket:", best, sum(items[i] for i in best))
return {"pairs": len(pairs), "skus": skus, "best": list(best)}
