class QuotaExceeded(Exception):
    def __init__(self, user, used, limit):
        super().__init__(f"user {user} used {used} of {limit} requests")
        self.user = user

usage = {"ann": 120, "bob": 990, "cyd": 1500}
LIMIT = 1000

def check(user):
    used = usage[user]
    if used > LIMIT:
        err = QuotaExceeded(user, used, LIMIT)
        err.add_note("Upgrade the plan or wait until the quota resets at midnight UTC.")
        raise err
    return LIMIT - used

for u in usage:
    print(u, "remaining:", check(u))
