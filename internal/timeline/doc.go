// Package timeline reads a Code Mode session log (the JSONL that
// codemode.NewSessionLog writes, e.g. `coderun mcp --log`) into the dispatch
// tree of each run_code call: its sub-calls with when they were made, when
// they left the queue, when they ended and how, and where the run suspended
// and resumed. [Read] builds the tree from a stream; [WriteTree] prints it as
// text and [WriteHTML] as a self-contained page with one timeline per run.
//
// The log is read as evidence, not trusted: a malformed line is reported
// with its number and skipped, an end without a start (a resumed sub-call,
// or a log that begins mid-session) or a start without an end (a process
// that stopped mid-run) still makes a call, and every text taken from the
// log (arguments, messages) is escaped wherever it is shown.
package timeline
