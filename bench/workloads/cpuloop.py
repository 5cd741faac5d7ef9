# CPU loop: integer arithmetic in a tight interpreter loop, no allocation,
# as cpuloop.js.
def work():
    x = 0
    for i in range(1000000):
        x = (x + i * 7) % 1000003
    return x
