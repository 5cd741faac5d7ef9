class InsufficientFunds(Exception):
    pass

class Account:
    _next_id = 1000
    interest_rate = 0.02

    def __init__(self, owner, balance=0.0):
        self.owner = owner
        self._balance = balance
        self.id = Account._next_id
        Account._next_id += 1
        self.history = []

    @property
    def balance(self):
        return round(self._balance, 2)

    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self._balance += amount
        self.history.append(("deposit", amount))
        return self

    def withdraw(self, amount):
        if amount > self._balance:
            raise InsufficientFunds(f"{self.owner}: balance {self.balance:.2f} < {amount:.2f}")
        self._balance -= amount
        self.history.append(("withdraw", amount))
        return self

    def __repr__(self):
        return f"Account(id={self.id}, owner={self.owner!r}, balance={self.balance})"

class Savings(Account):
    interest_rate = 0.045
    def add_interest(self):
        interest = self._balance * self.interest_rate
        return self.deposit(interest)

a = Account("ann", 100).deposit(50).withdraw(30)
s = Savings("ben", 1000).add_interest()
print(a, s)
errors = []
for acct, amt in [(a, 500), (s, 10), (a, -1)]:
    try:
        acct.withdraw(amt) if amt > 0 else acct.deposit(amt)
    except (InsufficientFunds, ValueError) as e:
        errors.append(f"{type(e).__name__}: {e}")
print(errors)
print(a.history, s.history, Savings.__mro__[1].__name__, isinstance(s, Account))
return {"a": a.balance, "s": s.balance, "errors": errors}
