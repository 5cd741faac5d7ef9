import statistics

groups = {"a": [1.0, 2.0, 3.0], "b": [float("nan"), 4.0]}
means = {k: statistics.fmean(v) for k, v in groups.items()}
print(means)
return means
