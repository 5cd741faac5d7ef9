package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// runCase runs c once on e and returns the run's wall time divided by
// c.Calls. The result must be c.Want.
func runCase(e Engine, c Case) (time.Duration, error) {
	t0 := time.Now()
	got, err := e.Run(c.Program, c.Host)
	d := time.Since(t0)
	if err != nil {
		return 0, fmt.Errorf("%s on %s: %w", c.Name, e.Name(), err)
	}
	if c.Want != "" && got != c.Want {
		return 0, fmt.Errorf("%s on %s: got %s, want %s", c.Name, e.Name(), got, c.Want)
	}
	if c.Calls > 1 {
		d /= time.Duration(c.Calls)
	}
	return d, nil
}

// agreeOnWant runs c once on every engine and, when c has no Want, fills
// it in from the first engine after checking that every engine returns
// the same JSON: all engines must do the same computation.
func agreeOnWant(engines []Engine, c *Case) error {
	var first string
	for i, e := range engines {
		got, err := e.Run(c.Program, c.Host)
		if err != nil {
			return fmt.Errorf("%s on %s: %w", c.Name, e.Name(), err)
		}
		if i == 0 {
			first = got
		} else if got != first {
			return fmt.Errorf("%s: %s returned %s, %s returned %s", c.Name, engines[0].Name(), clip(first), e.Name(), clip(got))
		}
	}
	if c.Want == "" {
		c.Want = first
	} else if first != c.Want {
		return fmt.Errorf("%s: got %s, want %s", c.Name, first, c.Want)
	}
	return nil
}

// median of a sample (0 if empty).
func median(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

// MemResult is what holding live runs costs the process, per run.
type MemResult struct {
	// RSS is the growth of VmRSS per live run, in bytes.
	RSS float64 `json:"rss"`
	// Heap is the growth of the Go heap in use per live run, in bytes.
	Heap float64 `json:"heap"`
}

// measureMem starts n runs of c on e, waits until every one of them is
// blocked in host.wait(), and returns the growth of the process's memory
// per live run against before they started (both after a GC that returns
// free Go memory to the OS). Then it lets them finish and checks their
// results.
func measureMem(e Engine, c MemCase, n int) (MemResult, error) {
	arrived := make(chan struct{}, n)
	release := make(chan struct{})
	host := Host{"wait": func(any) (any, error) {
		arrived <- struct{}{}
		<-release
		return nil, nil
	}}
	// One run first, so one-off costs (compilation, pools) are in the baseline.
	warm := Host{"wait": func(any) (any, error) { return nil, nil }}
	if got, err := e.Run(c.Program, warm); err != nil || got != c.Want {
		return MemResult{}, fmt.Errorf("%s on %s: %q %v", c.Name, e.Name(), got, err)
	}
	rss0, heap0, err := settledMemory()
	if err != nil {
		return MemResult{}, err
	}
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			got, err := e.Run(c.Program, host)
			if err == nil && got != c.Want {
				err = fmt.Errorf("got %s, want %s", got, c.Want)
			}
			if err != nil {
				errs <- fmt.Errorf("%s on %s: %w", c.Name, e.Name(), err)
			}
		})
	}
	timeout := time.After(5 * time.Minute)
	for i := 0; i < n; i++ {
		select {
		case <-arrived:
		case err := <-errs:
			close(release)
			wg.Wait()
			return MemResult{}, err
		case <-timeout:
			close(release)
			return MemResult{}, fmt.Errorf("%s on %s: only %d of %d runs reached host.wait in 5 minutes", c.Name, e.Name(), i, n)
		}
	}
	// A run that reached the host function may still be returning to its
	// event loop; give every one of them time to park.
	time.Sleep(200 * time.Millisecond)
	rss1, heap1, err := settledMemory()
	close(release)
	wg.Wait()
	close(errs)
	if err != nil {
		return MemResult{}, err
	}
	if err := <-errs; err != nil {
		return MemResult{}, err
	}
	return MemResult{RSS: float64(rss1-rss0) / float64(n), Heap: float64(heap1-heap0) / float64(n)}, nil
}

// settledMemory returns VmRSS and the Go heap in use after a GC that gives
// free Go memory back to the OS.
func settledMemory() (rss, heap int64, err error) {
	runtime.GC()
	debug.FreeOSMemory()
	rss, err = vmRSS()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return rss, int64(ms.HeapInuse), err
}

// vmRSS is the process's resident set size, from /proc/self/status.
func vmRSS() (int64, error) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, fmt.Errorf("reading RSS (Linux only): %w", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			f := strings.Fields(rest)
			if len(f) != 2 || f[1] != "kB" {
				return 0, fmt.Errorf("/proc/self/status: unexpected VmRSS line %q", sc.Text())
			}
			kb, err := strconv.ParseInt(f[0], 10, 64)
			return kb << 10, err
		}
	}
	return 0, errors.New("/proc/self/status has no VmRSS line")
}

// clip shortens a result for an error message.
func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}
