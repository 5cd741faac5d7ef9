from dataclasses import dataclass, field

TRANSITIONS = {
    "draft": {"submit": "pending"},
    "pending": {"approve": "approved", "reject": "draft"},
    "approved": {"publish": "published", "revoke": "draft"},
    "published": {"archive": "archived"},
}

class InvalidTransition(Exception):
    pass

@dataclass
class Document:
    title: str
    state: str = "draft"
    history: list = field(default_factory=list)

    def fire(self, event):
        allowed = TRANSITIONS.get(self.state, {})
        if event not in allowed:
            raise InvalidTransition(f"{self.title!r}: cannot {event} while {self.state}")
        self.history.append((self.state, event, allowed[event]))
        self.state = allowed[event]

doc = Document("Q3 report")
errors = []
for ev in ["submit", "publish", "reject", "submit", "approve", "publish", "archive", "submit"]:
    try:
        doc.fire(ev)
        print(f"{ev:>8} -> {doc.state}")
    except InvalidTransition as e:
        errors.append(str(e))
        print(f"{ev:>8} !! {e}")
return {"state": doc.state, "steps": len(doc.history), "errors": errors}
