package codemode

import (
	"bytes"
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The session log keeps each event's time to the nanosecond: sub-calls
// that start and end within a millisecond are told apart on a timeline.
func TestSessionLogTimeHasNanoseconds(t *testing.T) {
	var b bytes.Buffer
	at := time.Date(2026, 12, 2, 10, 0, 0, 123456789, time.UTC)
	require.NoError(t, NewSessionLog(&b).Handler().Handle(context.Background(), slog.NewRecord(at, slog.LevelInfo, EventCall, 0)))
	assert.Contains(t, b.String(), `"time":"2026-12-02T10:00:00.123456789Z"`)
}
