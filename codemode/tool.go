package codemode

import (
	"context"
	"encoding/json"
)

// Concurrency declares whether calls of a tool may overlap with other calls
// made by the same program.
//
// The zero value is Exclusive so that a tool that declares nothing never runs
// concurrently: running an unsafe tool in parallel can corrupt state, while
// running a safe tool serially only costs time.
type Concurrency int

const (
	// Exclusive calls wait until every earlier call of the program has
	// finished, run alone, and only then let later calls start.
	Exclusive Concurrency = iota
	// ParallelSafe calls may overlap with adjacent ParallelSafe calls, up to
	// the session's maxParallelSubCalls.
	ParallelSafe
)

// String returns "exclusive" or "parallel-safe", the spelling used in the
// session log and the SDK.
func (c Concurrency) String() string {
	if c == ParallelSafe {
		return "parallel-safe"
	}
	return "exclusive"
}

// Tool is one capability the model can call, directly or from a program.
type Tool struct {
	// Name identifies the tool; any non-empty string is allowed, since
	// programs address tools by quoted key (tools["my-tool"]).
	Name string
	// Description tells the model what the tool does. It is shown in the wire
	// tool list and as JSDoc in the SDK.
	Description string
	// InputSchema is the JSON Schema arguments are validated against before
	// Execute runs. Empty means {"type": "object"}.
	InputSchema json.RawMessage
	// OutputSchema, when set, describes Output.Value: it becomes the return
	// type in the SDK, and a value that does not match it fails the call, so
	// the type the model was promised holds.
	OutputSchema json.RawMessage
	// Concurrency is the tool's declared concurrency class; see Concurrency.
	Concurrency Concurrency
	// Group names where the tool comes from, such as the MCP server that
	// offers it. The SDK's catalogue lists tools under their group, and a
	// describe_tools query can keep one group ("server:NAME"). Optional.
	Group string
	// OriginalName is the tool's own name within Group, such as the name
	// its MCP server lists it by, when Name was derived from it. With Group
	// it gives the tool a second name, GROUP.ORIGINALNAME (see
	// [Tool.QualifiedName]), which policy rules and the tools filter match
	// as well as Name: a user writes the names the server documents, not
	// the derived ones. It is never a name the tool can be called by.
	// Setting it requires a Group without '.', so that the first '.' of the
	// qualified name always ends the group's name. Optional.
	OriginalName string
	// Execute performs the call. Its error message is shown to the model, so
	// write it for the model; the pipeline wraps it with the tool's name.
	// Execute must return promptly once ctx is cancelled.
	Execute func(ctx context.Context, call *Call) (*Output, error)
}

// QualifiedName returns t's name as GROUP.ORIGINALNAME ("fs.write_file"),
// or "" when t has no Group or no OriginalName.
func (t Tool) QualifiedName() string { return QualifiedName(t.Group, t.OriginalName) }

// QualifiedName joins a group's name and a tool's own name in it with '.',
// the form policy rules and the tools filter accept besides a tool's Name;
// it returns "" when either is empty.
func QualifiedName(group, originalName string) string {
	if group == "" || originalName == "" {
		return ""
	}
	return group + "." + originalName
}

// Call is one invocation of a tool as the pipeline sees it.
type Call struct {
	// ID is the call's token: the host's own for a top-level call, or
	// "<parent>.<n>" for the n-th sub-call of a program.
	ID string
	// ParentID is the token of the run_code call whose program made this
	// call; it is empty for a top-level call.
	ParentID string
	// Tool is the name of the tool called.
	Tool string
	// QualifiedName is the called tool's [Tool.QualifiedName], filled in
	// by the pipeline from the registered tool, so a Policy can match the
	// tool by where it comes from; empty for a tool without one.
	QualifiedName string
	// Args are the call's JSON arguments. Pre-execute hooks may replace them;
	// everything after them sees the rewritten arguments.
	Args json.RawMessage
	// Kind is empty for a tool call. For a Session.Access it says what is
	// read, and Tool holds the name read under, so a Policy or Approver
	// can tell the two apart.
	Kind AccessKind
}

// Output is what a tool returns.
type Output struct {
	// Value is the result as JSON: the only thing a program receives from a
	// sub-call. The pipeline compacts it; nil means null.
	Value json.RawMessage
	// Content is the display form for a top-level call (text, images). It
	// never crosses into a program.
	Content []Content
	// Deferred are context entries the host appends to the conversation after
	// the tool result. Entries produced by sub-calls are held until run_code
	// settles and then appended after its result.
	Deferred []ContextEntry
	// Suspended, when not nil, says the call has not finished: it waits for
	// approvals an Approver could not give yet (see NotYet). Persist it and
	// continue with Session.Resume. Content then describes the wait, Value
	// holds what a run_code program printed so far, and Deferred is empty:
	// held entries come with the final result.
	Suspended *Suspension
}

// Content is one piece of display content of a tool result, in the shape
// model providers accept: text, or binary data with a MIME type.
type Content struct {
	// Type is "text" for Text, or a kind such as "image" or "audio" for Data.
	Type string
	// Text is the content of a "text" item.
	Text string
	// MIMEType describes Data, e.g. "image/png".
	MIMEType string
	// Data is the raw bytes of a non-text item.
	Data []byte
}

// TextContent returns a "text" Content.
func TextContent(text string) Content {
	return Content{Type: "text", Text: text}
}

// ContextEntry is text a tool asks the host to add to the conversation after
// its result, such as a reminder of a file's new state.
type ContextEntry struct {
	// Source names the tool that produced the entry; the pipeline fills it in
	// when the tool leaves it empty.
	Source string
	// Text is the entry's content.
	Text string
}
