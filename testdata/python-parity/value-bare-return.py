print("doing some work")
total = sum(range(10))
if total > 40:
    print("big total, returning early")
    return
print("never printed")
