// === stack-frames-of-built-ins
// Errors thrown inside callbacks the built-ins call, and by the built-ins
// themselves, logged with their stacks.
const show = (label: string, f: () => unknown) => {
  try {
    f();
  } catch (e) {
    console.log(label, (e as Error).stack);
  }
};
show("map", () => [1, 2].map((n) => { if (n > 1) throw new Error("too big"); return n; }));
show("sort", () => [3, 1, 2].sort(() => { throw new RangeError("no order"); }));
show("json", () => JSON.parse('{"a": 1,}'));
show("reviver", () => JSON.parse('{"a": 1}', (k, v) => { if (k === "a") throw new Error("revived"); return v; }));
show("map-each", () => new Map([["k", 1]]).forEach(() => { throw new Error("each"); }));
show("keys", () => Object.keys(null as any));
show("repeat", () => "ab".repeat(-1));
show("apply", () => Math.max.apply(null, [{ valueOf() { throw new Error("valueOf"); } } as any]));
try {
  await new Promise(() => { throw new TypeError("executor"); });
} catch (e) {
  console.log("promise", (e as Error).stack);
}
return "done";

// === stack-frames-of-methods
// Methods are named after their receiver's class, static methods after the
// class, a subclass's error starts where the program wrote `new`.
class ValidationError extends Error {
  constructor(message: string, public field: string) {
    super(message);
    this.name = "ValidationError";
  }
}
class Account {
  constructor(public balance: number) {}
  withdraw(amount: number) {
    if (amount > this.balance) throw new ValidationError(`cannot withdraw ${amount}`, "amount");
    this.balance -= amount;
  }
  static parse(text: string) {
    const n = Number(text);
    if (Number.isNaN(n)) throw new TypeError(`not a number: ${text}`);
    return new Account(n);
  }
  get overdrawn(): boolean {
    throw new Error("not tracked");
  }
}
const handlers = {
  run(fn: () => void) {
    fn();
  },
};
const attempts = {
  withdraw() {
    new Account(10).withdraw(50);
  },
  parse() {
    Account.parse("ten");
  },
  getter() {
    const a = new Account(1);
    return a.overdrawn;
  },
  handler() {
    handlers.run(() => {
      throw new Error("in handler");
    });
  },
};
for (const [label, attempt] of Object.entries(attempts)) {
  try {
    attempt();
  } catch (e) {
    console.log(label, e);
  }
}
return Object.keys(attempts).length;
