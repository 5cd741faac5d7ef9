from dataclasses import dataclass

@dataclass
class Account:
    owner: str
    balance: float

acct = Account("ana", 120.0)
print("owner:", acct.owner)
acct.balanse -= 20
