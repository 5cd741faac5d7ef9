import random

rng = random.Random(42)
print([rng.randint(1, 100) for _ in range(8)])
print(round(rng.random(), 12), rng.uniform(10, 20))
deck = [f"{r}{s}" for s in "♠♥♦♣" for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]]
rng.shuffle(deck)
hands = [deck[i * 5:(i + 1) * 5] for i in range(3)]
for i, h in enumerate(hands, 1):
    print(f"player {i}: {' '.join(h)}")
print("choice:", rng.choice(["red", "green", "blue"]), "sample:", rng.sample(range(1000), 5))
print("weighted:", rng.choices(["a", "b", "c"], weights=[10, 1, 1], k=12))
print("randrange:", [rng.randrange(0, 100, 5) for _ in range(5)], rng.getrandbits(40))
return {"hands": hands}
