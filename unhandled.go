package coderun

import (
	"encoding/binary"
	"fmt"
)

// unhandled ends the run with a rejection nothing handled: payload is the
// guest's (engine.SettleUnhandled), the id of the binding call whose error
// the reason is, then the rendered reason. The message keeps the reason
// first, as Node prints it, and then says why the run ended on it and, for
// a call's error, which call it was.
func (r *run) unhandled(payload []byte) {
	if len(payload) < 4 {
		r.fail(KindWorkerExit, "the sandbox reported an unhandled rejection without its call id")
		return
	}
	id := binary.LittleEndian.Uint32(payload)
	var call *FailedCall
	if rej, ok := r.bridge.Rejection(id); ok && id != 0 && int(rej.Namespace) < len(r.namespaces) {
		call = &FailedCall{Namespace: r.namespaces[rej.Namespace].Global, Function: rej.Function, Sequence: rej.Seq}
	}
	r.fail(KindException, string(payload[4:])+"\n"+unhandledNote(call))
	if r.result.Failure.Kind == KindException {
		r.result.Failure.Call = call
	}
}

// unhandledNote is the last line of an unhandled rejection's message.
func unhandledNote(call *FailedCall) string {
	const fix = "await every promise the program makes, or catch its rejection"
	if call == nil {
		return "Unhandled promise rejection: nothing awaited or caught this promise's rejection; " + fix + "."
	}
	which := "refused before it started"
	if call.Sequence > 0 {
		which = fmt.Sprintf("call %d of the program", call.Sequence)
	}
	return fmt.Sprintf("Unhandled promise rejection: the rejection of %s.%s (%s) reached a promise nothing awaited or caught; %s.",
		call.Namespace, call.Function, which, fix)
}
