//go:build race

package tsx

// raceEnabled lets timing-sensitive tests step aside under the race
// detector, which slows esbuild down several times over.
const raceEnabled = true
