package python_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/coderun/coderun"
)

func TestValues(t *testing.T) {
	rt := newRuntime(t, nil)
	for _, c := range []struct{ program, value string }{
		{"return 1+1", "2"},
		{"return", "null"},
		{"return None", "null"},
		{"return {'a': [1, 2.5, True, None, 'é'], 'b': (1, 2)}", `{"a":[1,2.5,true,null,"é"],"b":[1,2]}`},
		{"x = 3\nif x > 2:\n    return 'big'\nreturn 'small'", `"big"`},
		{"for i in range(10):\n    if i == 4:\n        return i", "4"},
		{"import asyncio\nawait asyncio.sleep(0)\nreturn 'awaited'", `"awaited"`},
		{"total = 0\ndef add(n):\n    global total\n    total += n\nadd(2)\nadd(3)\nreturn total", "5"},
		{"class P:\n    def f(self):\n        return 7\nreturn P().f()", "7"},
		{"return 2**53 - 1", "9007199254740991"},
		{"from enum import Enum\nclass C(str, Enum):\n    RED = 'red'\nreturn [C.RED]", `["red"]`},
	} {
		res := run(t, rt, c.program)
		require.Nil(t, res.Failure, c.program)
		assert.JSONEq(t, c.value, string(res.Value), c.program)
	}
	res := run(t, rt, "x = 1")
	require.Nil(t, res.Failure)
	assert.Nil(t, res.Value, "falling off the end returns nothing")
}

func TestInvalidOutput(t *testing.T) {
	rt := newRuntime(t, nil)
	for program, want := range map[string]string{
		"return {'rows': [1, 2, {3}]}":                      "$.rows[2]: set is not JSON",
		"return b'x'":                                       "$: bytes is not JSON",
		"return 2**53":                                      "$: int 9007199254740992",
		"return [float('nan')]":                             "$[0]: float nan is not JSON",
		"return {1: 2}":                                     "$: a dict key 1 (int) is not a str",
		"x = []\nx.append(x)\nreturn x":                     "$[0]: a cycle",
		"class A: pass\nreturn {'a-b': A()}":                `$["a-b"]: A is not JSON`,
		"import datetime\nreturn datetime.date(2024, 1, 2)": "$: date is not JSON",
	} {
		res := run(t, rt, program)
		require.NotNil(t, res.Failure, program)
		assert.Equal(t, coderun.KindInvalidOutput, res.Failure.Kind, program)
		assert.Contains(t, res.Failure.Message, want, program)
	}
}

func TestLogs(t *testing.T) {
	rt := newRuntime(t, nil)
	res := run(t, rt, `import sys, logging
print("a", "b", sep="-")
print("no end", end="")
print(" joined")
print("to stderr", file=sys.stderr)
logging.warning("careful %d", 3)
print("two\nlines")
print("last", end="")
`)
	require.Nil(t, res.Failure)
	assert.Equal(t, []string{"a-b", "no end joined", "to stderr", "WARNING:root:careful 3", "two", "lines", "last"}, res.Logs)
}

func TestExceptions(t *testing.T) {
	rt := newRuntime(t, nil)
	res := run(t, rt, "def f(x):\n    raise ValueError(f'bad {x}')\n\nf(3)\n")
	require.NotNil(t, res.Failure)
	assert.Equal(t, coderun.KindException, res.Failure.Kind)
	assert.Equal(t, `ValueError: bad 3
Traceback (most recent call last):
  File "program.py", line 4, in <module>
    f(3)
    ~^^^
  File "program.py", line 2, in f
    raise ValueError(f'bad {x}')
ValueError: bad 3`[:len("ValueError: bad 3\nTraceback")], res.Failure.Message[:len("ValueError: bad 3\nTraceback")])
	assert.Contains(t, res.Failure.Message, "File \"program.py\", line 4, in <module>\n    f(3)")
	assert.Contains(t, res.Failure.Message, "File \"program.py\", line 2, in f\n    raise ValueError(f'bad {x}')")
	assert.NotContains(t, res.Failure.Message, "_coderun")

	res = run(t, rt, "class QuotaError(Exception):\n    pass\nraise QuotaError('over quota')")
	require.NotNil(t, res.Failure)
	assert.True(t, strings.HasPrefix(res.Failure.Message, "QuotaError: over quota\n"), res.Failure.Message)

	res = run(t, rt, "import json\njson.loads('{')")
	require.NotNil(t, res.Failure)
	assert.True(t, strings.HasPrefix(res.Failure.Message, "json.decoder.JSONDecodeError: Expecting property name"), res.Failure.Message)
}

func TestSyntaxErrors(t *testing.T) {
	rt := newRuntime(t, nil)
	for program, want := range map[string]string{
		"x = (1,\n":               "SyntaxError: '(' was never closed\n  File \"program.py\", line 1",
		"x = 1\ny = = 2":          "SyntaxError: invalid syntax\n  File \"program.py\", line 2",
		"def f():\n    await g()": "SyntaxError: 'await' outside async function\n  File \"program.py\", line 2",
		"class A:\n    return 1":  "SyntaxError: 'return' outside function\n  File \"program.py\", line 2",
		"x = 1\n  y = 2":          "IndentationError: unexpected indent\n  File \"program.py\", line 2",
		"yield 1":                 "SyntaxError: 'yield' outside function\n  File \"program.py\", line 1",
	} {
		res := run(t, rt, program)
		require.NotNil(t, res.Failure, program)
		assert.Equal(t, coderun.KindException, res.Failure.Kind, program)
		assert.True(t, strings.HasPrefix(res.Failure.Message, want), "%q: %s", program, res.Failure.Message)
		assert.NotContains(t, res.Failure.Message, "_coderun", program)
	}
	res, err := rt.Run(context.Background(), coderun.Request{Program: "x = (", FileName: "report.py"})
	require.NoError(t, err)
	assert.Contains(t, res.Failure.Message, `File "report.py", line 1`)
}

func TestNoAmbientAuthority(t *testing.T) {
	rt := newRuntime(t, nil)
	for program, want := range map[string]string{
		"open('a.txt')":                                                "PermissionError: open('a.txt'): there are no files in this sandbox",
		"import io\nio.open('a.txt', 'w')":                             "PermissionError: open('a.txt')",
		"import os\nos.environ['HOME']":                                "there are no environment variables in this sandbox",
		"import subprocess\nsubprocess.run(['ls'])":                    "there are no processes in this sandbox",
		"import socket\nsocket.socket()":                               "there is no network in this sandbox",
		"import socket\nsocket.create_connection(('example.com', 80))": "there is no network in this sandbox",
		"import time\ntime.sleep(1)":                                   "use 'await asyncio.sleep(seconds)'",
		"import numpy":                                                 "ModuleNotFoundError: No module named 'numpy'",
		"import zlib":                                                  "ModuleNotFoundError: No module named 'zlib'",
		"import _coderun_host":                                         "ImportError",
	} {
		res := run(t, rt, program)
		require.NotNil(t, res.Failure, program)
		assert.Equal(t, coderun.KindException, res.Failure.Kind, program)
		assert.Contains(t, res.Failure.Message, want, program)
	}
	res := run(t, rt, "try:\n    import yaml\nexcept ImportError:\n    yaml = None\nimport os\nreturn [yaml is None, os.getenv('HOME', 'none')]")
	require.Nil(t, res.Failure)
	assert.JSONEq(t, `[true, "none"]`, string(res.Value))
}

func TestStdlib(t *testing.T) {
	rt := newRuntime(t, nil)
	res := run(t, rt, `import json, re, math, statistics, datetime, collections, itertools, functools
import dataclasses, typing, enum, decimal, fractions, random, string, textwrap, difflib, csv, io
import base64, hashlib, uuid, heapq, bisect, copy, pprint, operator, unicodedata, html, urllib.parse, zoneinfo
from decimal import Decimal
rows = list(csv.DictReader(io.StringIO("a,b\n1,2\n3,4\n")))
return {
    "json": json.loads('{"x": [1]}'),
    "re": re.findall(r"\d+", "a1b22"),
    "decimal": str(Decimal("0.1") + Decimal("0.2")),
    "sha": hashlib.sha256(b"abc").hexdigest()[:16],
    "uuid5": str(uuid.uuid5(uuid.NAMESPACE_DNS, "example.com")),
    "median": statistics.median([3, 1, 2]),
    "csv": rows,
    "name": unicodedata.name("é"),
    "quote": urllib.parse.quote("a b&c"),
    "frac": str(fractions.Fraction(1, 3) * 3),
}`)
	require.Nil(t, res.Failure)
	assert.JSONEq(t, `{"json":{"x":[1]},"re":["1","22"],"decimal":"0.3","sha":"ba7816bf8f01cfea",
		"uuid5":"cfbff0d1-9375-5685-968c-48ce8b15ae17","median":2,"csv":[{"a":"1","b":"2"},{"a":"3","b":"4"}],
		"name":"LATIN SMALL LETTER E WITH ACUTE","quote":"a%20b%26c","frac":"1"}`, string(res.Value))
}

func TestSleepAndDeterminism(t *testing.T) {
	rt := newRuntime(t, func(c *coderun.Config) { c.Deterministic = true; c.Seed = 7 })
	program := `import asyncio, time, random, uuid, os, datetime
t0 = time.monotonic()
await asyncio.sleep(5)
waited = time.monotonic() - t0
return [round(waited, 3), random.random(), str(uuid.uuid4()), os.urandom(4).hex(), datetime.datetime.now().isoformat(), time.time()]`
	start := time.Now()
	a := run(t, rt, program)
	require.Nil(t, a.Failure)
	assert.Less(t, time.Since(start), 4*time.Second, "a virtual clock does not wait")
	b := run(t, rt, program)
	require.Nil(t, b.Failure)
	assert.JSONEq(t, string(a.Value), string(b.Value), "Deterministic runs repeat")
	assert.Contains(t, string(a.Value), "[5,")

	rt2 := newRuntime(t, nil)
	c := run(t, rt2, "import random\nreturn random.random()")
	d := run(t, rt2, "import random\nreturn random.random()")
	assert.NotEqual(t, string(c.Value), string(d.Value), "runs are seeded apart")
}

func TestGatherAndTimeouts(t *testing.T) {
	rt := newRuntime(t, nil)
	res := run(t, rt, `import asyncio
async def job(n):
    await asyncio.sleep(0.01 * (3 - n))
    return n * 10
out = await asyncio.gather(*(job(i) for i in range(3)))
try:
    await asyncio.wait_for(asyncio.sleep(10), timeout=0.02)
except TimeoutError:
    out.append("timed out")
return out`)
	require.Nil(t, res.Failure)
	assert.JSONEq(t, `[0, 10, 20, "timed out"]`, string(res.Value))
}

func TestBudgets(t *testing.T) {
	rt := newRuntime(t, func(c *coderun.Config) { c.ComputeTime = 200 * time.Millisecond })
	res := run(t, rt, "while True:\n    pass")
	require.NotNil(t, res.Failure)
	assert.Equal(t, coderun.KindTimeout, res.Failure.Kind)

	rt = newRuntime(t, func(c *coderun.Config) { c.Fuel = 50 })
	res = run(t, rt, "x = 0\nwhile True:\n    x += 1")
	require.NotNil(t, res.Failure)
	assert.Equal(t, coderun.KindTimeout, res.Failure.Kind)

	rt = newRuntime(t, func(c *coderun.Config) { c.MemoryLimitBytes = 32 << 20 })
	res = run(t, rt, "x = []\ntry:\n    while True:\n        x.append('x' * 100000)\nexcept MemoryError:\n    return 'caught'")
	require.NotNil(t, res.Failure)
	assert.Equal(t, coderun.KindWorkerExit, res.Failure.Kind)
	res = run(t, rt, "return 'fine after'")
	require.Nil(t, res.Failure)

	res = run(t, rt, "def f(n):\n    return f(n + 1)\nf(0)")
	require.NotNil(t, res.Failure)
	assert.True(t, strings.HasPrefix(res.Failure.Message, "RecursionError: maximum recursion depth exceeded"), res.Failure.Message)

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	res, err := rt.Run(ctx, coderun.Request{Program: "import asyncio\nawait asyncio.sleep(60)"})
	require.NoError(t, err)
	require.NotNil(t, res.Failure)
	assert.Equal(t, coderun.KindAbort, res.Failure.Kind)
	_ = errors.New
}

func TestTimeZones(t *testing.T) {
	rt := newRuntime(t, nil)
	res := run(t, rt, `from zoneinfo import ZoneInfo, available_timezones
from datetime import datetime, timezone
import tzdata
d = datetime(2024, 7, 1, 12, 0, tzinfo=timezone.utc)
return {
    "paris": d.astimezone(ZoneInfo("Europe/Paris")).isoformat(),
    "ny": d.astimezone(ZoneInfo("America/New_York")).strftime("%H:%M %Z"),
    "link": d.astimezone(ZoneInfo("US/Pacific")).isoformat(),
    "kolkata": str(datetime(2024, 1, 1, tzinfo=ZoneInfo("Asia/Kolkata")).utcoffset()),
    "count": len(available_timezones()) > 400,
    "version": tzdata.IANA_VERSION,
}`)
	require.Nil(t, res.Failure, "%+v", res.Failure)
	assert.JSONEq(t, `{"paris":"2024-07-01T14:00:00+02:00","ny":"08:00 EDT","link":"2024-07-01T05:00:00-07:00",
		"kolkata":"5:30:00","count":true,"version":"2026f"}`, string(res.Value))
	res = run(t, rt, "from zoneinfo import ZoneInfo\nZoneInfo('Mars/Olympus')")
	require.NotNil(t, res.Failure)
	assert.Contains(t, res.Failure.Message, "ZoneInfoNotFoundError: 'No time zone found with key Mars/Olympus'")
}

// TestFuelStopsAtTheSamePoint: with the same Fuel, a program stops at the
// same point on every run, Deterministic or not, and whichever instance
// (fresh or reset) runs it.
func TestFuelStopsAtTheSamePoint(t *testing.T) {
	program := "import json\nrows = []\nfor i in range(10**9):\n    rows.append({'i': i, 's': str(i) * 3})\n    if i % 1000 == 0:\n        print(i, len(json.dumps(rows[-50:])))"
	for _, deterministic := range []bool{false, true} {
		rt := newRuntime(t, func(c *coderun.Config) { c.Fuel = 300; c.Deterministic = deterministic })
		var last []string
		for range 3 {
			res := run(t, rt, program)
			require.NotNil(t, res.Failure)
			require.Equal(t, coderun.KindTimeout, res.Failure.Kind)
			require.NotEmpty(t, res.Logs)
			if last != nil {
				assert.Equal(t, last, res.Logs, "deterministic=%v", deterministic)
			}
			last = res.Logs
		}
	}
}

func TestScriptStyleAsyncioRun(t *testing.T) {
	rt := newRuntime(t, nil)
	res := run(t, rt, `import asyncio

async def main():
    await asyncio.sleep(0.01)
    print("in main")
    return 5

if __name__ == "__main__":
    n = asyncio.run(main())
    print("got", n)
`)
	require.Nil(t, res.Failure, "%+v", res.Failure)
	assert.Equal(t, []string{"in main", "got 5"}, res.Logs)

	res = run(t, rt, "import asyncio\nasync def main():\n    return 1\ndef sync():\n    return asyncio.run(main())\nreturn sync()")
	require.NotNil(t, res.Failure)
	assert.Contains(t, res.Failure.Message, "RuntimeError: asyncio.run() cannot start a second event loop")
	assert.NotContains(t, res.Failure.Message, "never awaited")
}

// TestTimersOnTheVirtualClock: in Deterministic mode the clock stands still
// while the program runs, so timers tie and deadlines are met exactly.
func TestTimersOnTheVirtualClock(t *testing.T) {
	rt := newRuntime(t, func(c *coderun.Config) { c.Deterministic = true; c.ComputeTime = 2 * time.Second })
	res := run(t, rt, `import asyncio
order = []
async def job(i):
    await asyncio.sleep(0.1)
    order.append(i)
await asyncio.gather(*(job(i) for i in range(6)))
timeouts = []
for seconds in (0.05, 0.5, 0.15, 0.2):
    try:
        await asyncio.wait_for(asyncio.sleep(seconds), timeout=0.2)
        timeouts.append("ok")
    except TimeoutError:
        timeouts.append("timed out")
async with asyncio.timeout(0.1):
    await asyncio.sleep(0.05)
return [order, timeouts]`)
	require.Nil(t, res.Failure, "%+v", res.Failure)
	assert.JSONEq(t, `[[0,1,2,3,4,5],["ok","timed out","ok","timed out"]]`, string(res.Value))
}
