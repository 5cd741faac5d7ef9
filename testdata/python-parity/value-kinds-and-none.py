import math

print("returning a tuple of every JSON kind")
return (None, True, False, 0, -1, 2**53 - 1, -(2**53 - 1), 0.1, -0.0, 1e300, 5e-324, "", "ü\n\t\"", [], {}, [[], {"a": [None]}], math.pi)
