package coderun

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/coderun/coderun/internal/guest"
)

// Config is the validated configuration of a Runtime: every budget and limit a
// run is held to. A Request carries no tuning knobs; everything that shapes a
// run lives here, explicit, so a caller reading a Config sees all of it.
//
// Start from DefaultConfig and change what you need; New rejects zero and
// out-of-range values with an error naming the field and its range.
type Config struct {
	// Language is the language programs are written in:
	// [LanguageTypeScript] (the default; empty means it too) or
	// [LanguagePython], which needs the Python sandbox linked in by
	// importing github.com/coderun/coderun/python.
	Language string
	// ComputeTime bounds the time the guest spends executing. Time spent
	// waiting on timers or bindings does not count. Range: 1ms to 24h.
	ComputeTime time.Duration
	// WallTime bounds the whole run, waiting included. Range: 1ms to 24h.
	WallTime time.Duration
	// MaxOutputBytes bounds the serialized logs, completion value and failure
	// message together (envelope syntax not counted). Exceeding it fails the
	// run with KindOutputLimit; output is never truncated. Range: 1 byte to 1 GiB.
	MaxOutputBytes int64
	// MemoryLimitBytes bounds the guest's memory. Exhausting it ends the run
	// with KindWorkerExit. Range: 16 MiB to 3 GiB, and to 1 GiB when
	// coderun is itself built for wasm (a WASI host).
	MemoryLimitBytes int64
	// Fuel is a deterministic compute budget counted in the engine's
	// interrupt ticks (one tick per FuelQuantum loop iterations inside the
	// sandbox), so a limit behaves the same on a fast and a slow machine.
	// 0 means no fuel budget.
	Fuel uint64
	// Deterministic makes runs reproducible: Math.random and crypto are seeded
	// from Seed, and Date.now, new Date() and performance.now read a virtual
	// clock that starts at a fixed instant and advances only when timers fire.
	Deterministic bool
	// Seed seeds randomness in Deterministic mode; it is ignored otherwise.
	Seed int64
	// MaxCallsInFlight bounds binding calls started but not yet settled in one
	// run. A call beyond it rejects inside the program. Range: 1 to 1,000,000.
	MaxCallsInFlight int
	// MaxCalls bounds binding calls in one run. A call beyond it rejects
	// inside the program. Range: 1 to 1,000,000,000.
	MaxCalls int
	// CompilationCacheDir, when not empty, keeps wazero's compiled code on
	// disk so a new process skips most of the module compilation.
	CompilationCacheDir string
	// StateKey seals suspended runs (see [Suspend] and [Runtime.Resume]):
	// their state is encrypted and authenticated with it (AES-256-GCM), so a
	// state can be stored anywhere and only a Runtime holding the same key
	// can resume it. It must be nil or exactly 32 bytes. Without it a run
	// cannot suspend: a Function returning Suspend has its call rejected
	// with a message saying so. Keep it secret, and share it between the
	// processes that resume each other's runs.
	StateKey []byte
	// MaxExecuting bounds how many runs of one Runtime execute guest code
	// at once; the others wait for a slot in the order they asked. A run
	// waiting on timers or bindings holds no slot, and one that computes
	// for long lets waiting runs go first every 10 ms, so waiting is a
	// queueing delay, not starvation. A run's clock starts when it gets
	// its first slot; later waits for one count toward WallTime, and no
	// wait counts toward ComputeTime. The default, the number of processors Go uses
	// (GOMAXPROCS), keeps throughput; fewer leaves processors to the rest
	// of the host. Range: 1 to 65,536.
	MaxExecuting int
	// MaxSuspendedAge is how long a suspended run's state stays resumable
	// after it was sealed. Range: 1ms to 30 days.
	MaxSuspendedAge time.Duration
	// Telemetry is where the Runtime reports traces and metrics (see
	// [Telemetry]). It is not a budget: Validate does not look at it, and
	// the zero value records nothing and costs nothing.
	Telemetry Telemetry
}

// The languages a Runtime runs, as [Config.Language] names them.
const (
	LanguageTypeScript = "typescript"
	LanguagePython     = "python"
)

// languages are the known languages, each with the package whose import
// links its sandbox in ("" for the built-in one). Every other list of
// languages (the CLI's --language, Code Mode's SDK renderers) derives from
// this one or is checked against it.
var languages = []struct{ name, pkg string }{
	{LanguageTypeScript, ""},
	{LanguagePython, "github.com/coderun/coderun/python"},
}

// Languages returns the languages coderun knows, as [Config.Language]
// names them, [LanguageTypeScript] first (an empty Language means it
// too), in a new slice. [LanguagePython] passes [Config.Validate] only in
// a program that imports github.com/coderun/coderun/python, which links
// its sandbox in.
func Languages() []string {
	names := make([]string, len(languages))
	for i, l := range languages {
		names[i] = l.name
	}
	return names
}

// FuelQuantum is the number of loop iterations inside the sandbox between two
// interrupt ticks. One unit of Config.Fuel is one tick.
const FuelQuantum = 10000

// Limits of the ranges New accepts.
const (
	minDuration    = time.Millisecond
	maxDuration    = 24 * time.Hour
	maxOutputLimit = 1 << 30
	minMemoryLimit = 16 << 20
	maxMemoryLimit = 3 << 30
	maxInFlight    = 1_000_000
	maxCallsLimit  = 1_000_000_000
	maxSuspendAge  = 30 * 24 * time.Hour
	maxExecuting   = 1 << 16
	stateKeyBytes  = 32
)

// DefaultConfig returns every default, explicitly.
func DefaultConfig() Config {
	return Config{
		Language:         LanguageTypeScript,
		ComputeTime:      10 * time.Second,
		WallTime:         60 * time.Second,
		MaxOutputBytes:   64 << 20,
		MemoryLimitBytes: 256 << 20,
		Fuel:             0,
		Deterministic:    false,
		Seed:             0,
		MaxCallsInFlight: 1000,
		MaxCalls:         100_000,
		MaxExecuting:     runtime.GOMAXPROCS(0),
		MaxSuspendedAge:  24 * time.Hour,
	}
}

// Validate reports the first field of c that is out of range as a
// *[ConfigError], naming the field and the range it must lie in.
func (c Config) Validate() error {
	if err := checkLanguage(c.Language); err != nil {
		return err
	}
	if err := durationInRange("ComputeTime", c.ComputeTime); err != nil {
		return err
	}
	if err := durationInRange("WallTime", c.WallTime); err != nil {
		return err
	}
	if c.MaxOutputBytes < 1 || c.MaxOutputBytes > maxOutputLimit {
		return outOfRange("MaxOutputBytes", "is %d, want 1 to %d (1 GiB)", c.MaxOutputBytes, maxOutputLimit)
	}
	if c.MemoryLimitBytes < minMemoryLimit || c.MemoryLimitBytes > maxMemoryLimit {
		return outOfRange("MemoryLimitBytes", "is %d, want %d (16 MiB) to %d (3 GiB)", c.MemoryLimitBytes, minMemoryLimit, maxMemoryLimit)
	}
	if err := checkHostMemory(c.MemoryLimitBytes); err != nil {
		return err
	}
	if c.MaxCallsInFlight < 1 || c.MaxCallsInFlight > maxInFlight {
		return outOfRange("MaxCallsInFlight", "is %d, want 1 to %d", c.MaxCallsInFlight, maxInFlight)
	}
	if c.MaxCalls < 1 || c.MaxCalls > maxCallsLimit {
		return outOfRange("MaxCalls", "is %d, want 1 to %d", c.MaxCalls, maxCallsLimit)
	}
	if c.MaxExecuting < 1 || c.MaxExecuting > maxExecuting {
		return outOfRange("MaxExecuting", "is %d, want 1 to %d (runtime.GOMAXPROCS(0) is the default)", c.MaxExecuting, maxExecuting)
	}
	if c.StateKey != nil && len(c.StateKey) != stateKeyBytes {
		return outOfRange("StateKey", "is %d bytes, want exactly %d (or nil to disable suspension)", len(c.StateKey), stateKeyBytes)
	}
	if c.MaxSuspendedAge < minDuration || c.MaxSuspendedAge > maxSuspendAge {
		return outOfRange("MaxSuspendedAge", "is %v, want %v to %v (30 days)", c.MaxSuspendedAge, minDuration, maxSuspendAge)
	}
	return nil
}

func durationInRange(field string, d time.Duration) error {
	if d < minDuration || d > maxDuration {
		return outOfRange(field, "is %v, want %v to %v", d, minDuration, maxDuration)
	}
	return nil
}

// ConfigError is the error of [Config.Validate]: the first field out of
// range, and what is wrong with its value. A program that sets the field
// from a name of its own (a flag, a configuration key) can report the
// problem under that name.
type ConfigError struct {
	// Field is the Config field's name, such as "MemoryLimitBytes".
	Field string
	// Problem says what is wrong, such as "is 1048576, want 16777216 (16
	// MiB) to 3221225472 (3 GiB)".
	Problem string
}

// Error implements error: "coderun: config: FIELD PROBLEM".
func (e *ConfigError) Error() string { return "coderun: config: " + e.Field + " " + e.Problem }

// outOfRange is the ConfigError of field, its problem formatted.
func outOfRange(field, format string, args ...any) error {
	return &ConfigError{Field: field, Problem: fmt.Sprintf(format, args...)}
}

// checkLanguage reports a language coderun does not know, or one whose
// sandbox the program did not link in.
func checkLanguage(lang string) error {
	if lang == "" {
		return nil
	}
	known := make([]string, len(languages))
	for i, l := range languages {
		known[i] = strconv.Quote(l.name)
		if l.name != lang {
			continue
		}
		if l.pkg != "" && guest.Lookup(lang) == nil {
			return outOfRange("Language", "is %q, but the %s sandbox is not linked in: add import _ %q to the program", lang, lang, l.pkg)
		}
		return nil
	}
	return outOfRange("Language", "is %q, want one of %s", lang, strings.Join(known, ", "))
}
