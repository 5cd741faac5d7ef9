package pyparity

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"
)

// The native runner implements the program contract the guest implements
// (both with wasm/python/guest/_coderun_program.py): these pin it, so that
// a parity difference is the guest's and not the reference's.
func TestNativeRunnerKeepsTheContract(t *testing.T) {
	python := NativePython(t)
	dir := t.TempDir()
	cases := []struct {
		name, program, want string
	}{
		{"return gives the value", `return {"a": [1, 2.5, None, True]}`, `=> {"a":[1,2.5,null,true]}`},
		{"bare return gives null", "print('x')\nreturn", "x\n=> null"},
		{"no return gives no value", "x = 1", "(no value)"},
		{"return inside a top-level loop", "for i in range(5):\n    if i == 3:\n        return i\nreturn -1", "=> 3"},
		{"return in a function is the function's", "def f():\n    return 2\nreturn f() + 1", "=> 3"},
		{"except Exception does not catch return", "try:\n    return 5\nexcept Exception:\n    return 6", "=> 5"},
		{"top-level await", "import asyncio\nawait asyncio.sleep(0.5)\nreturn 'slept'", `=> "slept"`},
		{"names are module globals", "def inc():\n    global n\n    n += 1\nn = 1\ninc()\nreturn [n, 'n' in globals()]", "=> [2,true]"},
		{"the module is __main__", "class A: pass\nreturn [__name__, repr(A)]", `=> ["__main__","<class '__main__.A'>"]`},
		{"stdout and stderr interleave, a line each", "import sys\nprint('a', 'b', sep='-')\nprint('err', file=sys.stderr)\nprint('one', end='')\nprint(' line')\nprint('partial', end='')",
			"a-b\nerr\none line\npartial\n(no value)"},
		{"logging goes to the logs", "import logging\nlogging.warning('careful %d', 3)", "WARNING:root:careful 3\n(no value)"},
		{"sets of strings iterate in the order of hash seed 0", `return list({"apple", "banana", "cherry", "date", "elderberry", "fig", "grape", "kiwi"})`,
			`=> ["banana","fig","cherry","apple","date","grape","kiwi","elderberry"]`},
		{"timers due together fire in the order set", "import asyncio\nout = []\nasync def job(i):\n    await asyncio.sleep(0.1)\n    out.append(i)\nawait asyncio.gather(*(job(i) for i in range(6)))\nreturn out", "=> [0,1,2,3,4,5]"},
		{"the clock is virtual", "import asyncio\nloop = asyncio.get_running_loop()\nt0 = loop.time()\nawait asyncio.sleep(3600)\nreturn loop.time() - t0", "=> 3600"},
		{"tuples, enums and Counters are JSON", "from enum import IntEnum, StrEnum\nfrom collections import Counter\nclass P(IntEnum):\n    HI = 3\nclass C(StrEnum):\n    RED = 'red'\nreturn [(1, 2), P.HI, C.RED, Counter('aab')]",
			`=> [[1,2],3,"red",{"a":2,"b":1}]`},
		{"a set is not JSON", "return {'rows': [1, 2, {3}]}", "!! invalid-output: $.rows[2]: set is not JSON"},
		{"dict keys must be str", "return {'a': [1, {1: 2}]}", "!! invalid-output: $.a[1]: a dict key 1 (int) is not a str: JSON object keys are strings (convert it with str())"},
		{"ints beyond 2**53-1 are not JSON", "return [2**53 - 1, 2**53]", "!! invalid-output: $[1]: int 9007199254740992 is beyond ±(2**53 - 1), which JSON numbers hold exactly"},
		{"non-finite floats are not JSON", "return {'x': float('-inf')}", "!! invalid-output: $.x: float -inf is not JSON"},
		{"keys that are not identifiers are quoted", "return {'my-key': {'ok': b'x'}}", `!! invalid-output: $["my-key"].ok: bytes is not JSON`},
		{"a lone surrogate becomes U+FFFD, as every text the guest sends", `return {"s": "ok \ud800"}`, "=> {\"s\":\"ok \ufffd\"}"},
		{"sys.__stdout__ is the logs too", "import sys\nprint('via dunder', file=sys.__stdout__)", "via dunder\n(no value)"},
		{"a cycle is not JSON", "a = []\na.append(a)\nreturn a", "!! invalid-output: $[0]: a cycle (the value contains itself)"},
		{"an uncaught exception leads with its message", "print('before')\nraise ValueError('bad input')",
			"before\n!! exception: ValueError: bad input\nTraceback (most recent call last):\n  File \"program.py\", line 2, in <module>\n    raise ValueError('bad input')"},
		{"a syntax error leads with its message", "x = = 1", "!! exception: SyntaxError: invalid syntax\n  File \"program.py\", line 1\n    x = = 1\n        ^"},
		{"notes follow the message", "e = KeyError('k')\ne.add_note('while loading')\nraise e",
			"!! exception: KeyError: 'k'\nwhile loading\nTraceback (most recent call last):\n  File \"program.py\", line 3, in <module>\n    raise e"},
		{"an exception group keeps its boxes", "raise ExceptionGroup('several', [ValueError('a'), KeyError('b')])",
			"!! exception: ExceptionGroup: several (2 sub-exceptions)\n  + Exception Group Traceback (most recent call last):\n" +
				"  |   File \"program.py\", line 1, in <module>\n  |     raise ExceptionGroup('several', [ValueError('a'), KeyError('b')])\n" +
				"  | ExceptionGroup: several (2 sub-exceptions)\n  +-+---------------- 1 ----------------\n    | ValueError: a\n" +
				"    +---------------- 2 ----------------\n    | KeyError: 'b'\n    +------------------------------------"},
		{"the program has the default recursion limit of its own", "def f(n):\n    return f(n + 1)\nf(0)",
			"!! exception: RecursionError: maximum recursion depth exceeded\nTraceback (most recent call last):\n  File \"program.py\", line 3, in <module>\n    f(0)\n    ~^^^\n" +
				strings.Repeat("  File \"program.py\", line 2, in f\n    return f(n + 1)\n", 3) + "  [Previous line repeated 996 more times]"},
		{"library frames are named by their path in the library, without source", "import json\njson.loads('{')",
			"!! exception: json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)\nTraceback (most recent call last):\n  File \"program.py\", line 2, in <module>\n    json.loads('{')\n    ~~~~~~~~~~^^^^^\n" +
				"  File \"json/__init__.py\", line 352, in loads\n  File \"json/decoder.py\", line 345, in decode\n  File \"json/decoder.py\", line 361, in raw_decode"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			o, err := RunNativeSource(ctx, python, dir, c.program)
			if err != nil {
				t.Fatal(err)
			}
			if got := o.String(); got != c.want {
				t.Errorf("program:\n%s\ngot:\n%s\nwant:\n%s", c.program, got, c.want)
			}
		})
	}
}

// The comparison means something only if the reference is deterministic:
// every program of the corpus gives the same outcome on two native runs.
func TestNativeCorpusIsDeterministic(t *testing.T) {
	python := NativePython(t)
	corpus := LoadCorpus(t)
	// Four programs at a time: each run is two short interpreter
	// processes, and one at a time took minutes of a CI run's wall clock.
	work := make(chan Program)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range work {
				var outs [2]string
				ran := true
				for i := range outs {
					ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
					o, err := RunNative(ctx, python, p.Path)
					cancel()
					if err != nil {
						t.Error(err)
						ran = false
						break
					}
					outs[i] = o.String()
				}
				if ran && outs[0] != outs[1] {
					t.Errorf("%s gives different outcomes on two native runs:\n%s\n---\n%s", p.Name, outs[0], outs[1])
				}
			}
		}()
	}
	for _, p := range corpus {
		work <- p
	}
	close(work)
	wg.Wait()
}
