import random

rng = random.Random(2024)
N = 20000
inside = sum(1 for _ in range(N) if rng.random() ** 2 + rng.random() ** 2 <= 1)
print(f"pi ≈ {4 * inside / N:.4f}")

def birthday_trial(k):
    days = [rng.randrange(365) for _ in range(k)]
    return len(set(days)) < k

for k in (10, 23, 40):
    p = sum(birthday_trial(k) for _ in range(2000)) / 2000
    print(f"P(shared birthday, {k} people) ≈ {p:.3f}")

wins = 0
for _ in range(3000):
    car = rng.randrange(3)
    pick = rng.randrange(3)
    opened = next(d for d in range(3) if d != car and d != pick)
    switched = next(d for d in range(3) if d != pick and d != opened)
    wins += switched == car
print(f"Monty Hall, switching wins {wins / 3000:.3f}")
return {"inside": inside, "monty_wins": wins}
