package mcpproxy

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestRestartDelayDoublesUpToTheCap(t *testing.T) {
	t.Parallel()
	o := Options{RestartBackoff: 100 * time.Millisecond, MaxRestartBackoff: time.Second}.withDefaults()
	var got []time.Duration
	for failures := 1; failures <= 7; failures++ {
		got = append(got, o.restartDelay(failures))
	}
	assert.Equal(t, []time.Duration{
		0, // the first crash is restarted at once
		100 * time.Millisecond,
		200 * time.Millisecond,
		400 * time.Millisecond,
		800 * time.Millisecond,
		time.Second,
		time.Second,
	}, got)
}

func TestOptionsDefaults(t *testing.T) {
	t.Parallel()
	o := Options{}.withDefaults()
	assert.Equal(t, DefaultStartTimeout, o.StartTimeout)
	assert.Equal(t, DefaultCallTimeout, o.CallTimeout)
	assert.Equal(t, DefaultRestartBackoff, o.RestartBackoff)
	assert.Equal(t, DefaultMaxRestartBackoff, o.MaxRestartBackoff)
	assert.NotNil(t, o.Stderr)
	assert.NotNil(t, o.Log)
}
