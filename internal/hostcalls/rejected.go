package hostcalls

// Rejected names a call that rejected inside the program: its namespace
// (an index of the run's namespaces), its function, and its position among
// the run's calls (see Sequence), 0 for a call refused before it started.
// The guest reports a rejection nothing handled by the call's id; this is
// how the host names the call.
type Rejected struct {
	Seq       int64
	Namespace uint32
	Function  string
}

// Rejection returns the call with the given id if it rejected in this
// segment of the run.
func (b *Bridge) Rejection(id uint32) (Rejected, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	r, ok := b.rejected[id]
	return r, ok
}

// NoteRejection records that call id rejects: a call refused, one whose
// Function failed, or a parked one answered with an error on resume.
func (b *Bridge) NoteRejection(id uint32, r Rejected) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.noteRejectionLocked(id, r)
}

func (b *Bridge) noteRejectionLocked(id uint32, r Rejected) {
	if b.rejected == nil {
		b.rejected = make(map[uint32]Rejected)
	}
	b.rejected[id] = r
}
