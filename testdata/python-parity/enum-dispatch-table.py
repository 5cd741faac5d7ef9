from enum import Enum

class Op(Enum):
    ADD = "+"
    SUB = "-"
    MUL = "*"
    DIV = "/"

    def apply(self, a, b):
        match self:
            case Op.ADD:
                return a + b
            case Op.SUB:
                return a - b
            case Op.MUL:
                return a * b
            case Op.DIV:
                if b == 0:
                    raise ZeroDivisionError(f"{a} {self.value} {b}")
                return a / b

program = "3 + 4 ; 10 / 4 ; 6 * 7 ; 1 / 0 ; 9 - 12 ; 2 ^ 3"
results = []
for stmt in program.split(";"):
    a, sym, b = stmt.split()
    try:
        op = Op(sym)
        results.append(op.apply(int(a), int(b)))
    except ValueError as e:
        results.append(f"unknown operator: {e}")
    except ZeroDivisionError as e:
        results.append(f"division by zero: {e}")
for stmt, r in zip(program.split(";"), results):
    print(f"{stmt.strip():>8} => {r}")
return results
