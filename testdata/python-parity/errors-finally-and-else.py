log = []

def process(x):
    try:
        log.append(f"try {x}")
        result = 10 / x
    except ZeroDivisionError:
        log.append("except: division by zero")
        return "inf"
    else:
        log.append(f"else: {result}")
        return result
    finally:
        log.append(f"finally {x}")

def tricky():
    for i in range(3):
        try:
            if i == 1:
                continue
            log.append(f"loop {i}")
        finally:
            log.append(f"loop finally {i}")
    try:
        return "from try"
    finally:
        log.append("finally runs before return")

results = [process(5), process(0), process(4)]
print(tricky())
for l in log:
    print(l)
return results
