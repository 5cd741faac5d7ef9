items = [f"item-{i:03d}" for i in range(1, 24)]

def chunks(seq, size):
    for i in range(0, len(seq), size):
        yield seq[i:i + size]

batches = list(chunks(items, 5))
for n, batch in enumerate(batches, 1):
    print(f"batch {n}/{len(batches)}: {batch[0]} .. {batch[-1]} ({len(batch)})")

from itertools import batched
same = [list(b) for b in batched(items, 5)] == batches
print("itertools.batched agrees:", same)
return {"batches": len(batches), "sizes": [len(b) for b in batches], "last": batches[-1]}
