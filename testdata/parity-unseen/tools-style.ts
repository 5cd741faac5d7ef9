// === summarize-issues-for-agent
// Pretend this came from a tool call listing issues.
const issues = [
  { number: 101, title: "Crash on startup", labels: ["bug", "p1"], state: "open", assignee: "kim", created_at: "2024-04-01T10:00:00Z", comments: 12 },
  { number: 102, title: "Add dark mode", labels: ["feature"], state: "open", assignee: null, created_at: "2024-04-03T08:30:00Z", comments: 3 },
  { number: 103, title: "Typo in docs", labels: ["docs", "good first issue"], state: "closed", assignee: "lee", created_at: "2024-03-28T16:45:00Z", comments: 1 },
  { number: 104, title: "Memory leak in worker", labels: ["bug"], state: "open", assignee: "kim", created_at: "2024-04-05T12:00:00Z", comments: 7 },
];
const open = issues.filter((i) => i.state === "open");
const byLabel: Record<string, number[]> = {};
for (const i of open) for (const l of i.labels) (byLabel[l] ??= []).push(i.number);
const unassigned = open.filter((i) => !i.assignee).map((i) => `#${i.number} ${i.title}`);
const busiest = Object.entries(open.reduce<Record<string, number>>((a, i) => (i.assignee && (a[i.assignee] = (a[i.assignee] ?? 0) + 1), a), {})).sort((a, b) => b[1] - a[1])[0];
console.log(`Open: ${open.length}/${issues.length}`);
console.log("By label:", byLabel);
console.log("Unassigned:", unassigned);
console.log("Most comments:", open.reduce((m, i) => (i.comments > m.comments ? i : m)).title);
return { open: open.length, byLabel, unassigned, busiest };

// === build-markdown-report
const metrics = [
  { service: "api", p50: 12.4, p99: 230.05, errors: 3, requests: 120340 },
  { service: "auth", p50: 4.1, p99: 48.9, errors: 0, requests: 45021 },
  { service: "search", p50: 88, p99: 1204.7, errors: 41, requests: 9902 },
];
const header = "| Service | p50 (ms) | p99 (ms) | Error rate | Requests |\n|---|---:|---:|---:|---:|";
const body = metrics.map((m) => `| ${m.service} | ${m.p50.toFixed(1)} | ${m.p99.toFixed(1)} | ${((m.errors / m.requests) * 100).toFixed(3)}% | ${m.requests.toLocaleString("en-US")} |`);
const worst = metrics.reduce((a, b) => (b.errors / b.requests > a.errors / a.requests ? b : a));
const md = [`## Latency report`, "", header, ...body, "", `**Worst error rate:** ${worst.service}`].join("\n");
console.log(md);
return md;

// === diff-two-configs
const oldCfg: Record<string, unknown> = { replicas: 2, image: "app:1.4.0", env: { LOG: "info", REGION: "eu" }, ports: [80, 443], debug: false };
const newCfg: Record<string, unknown> = { replicas: 3, image: "app:1.5.0", env: { LOG: "debug", REGION: "eu", FEATURE_X: "on" }, ports: [80, 443], timeout: 30 };
function diff(a: any, b: any, path = ""): string[] {
  const out: string[] = [];
  const keys = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])].sort();
  for (const k of keys) {
    const p = path ? `${path}.${k}` : k;
    const [x, y] = [a?.[k], b?.[k]];
    if (x && y && typeof x === "object" && typeof y === "object" && !Array.isArray(x)) out.push(...diff(x, y, p));
    else if (!(k in (b ?? {}))) out.push(`- ${p}: ${JSON.stringify(x)}`);
    else if (!(k in (a ?? {}))) out.push(`+ ${p}: ${JSON.stringify(y)}`);
    else if (JSON.stringify(x) !== JSON.stringify(y)) out.push(`~ ${p}: ${JSON.stringify(x)} -> ${JSON.stringify(y)}`);
  }
  return out;
}
const changes = diff(oldCfg, newCfg);
console.log(changes.join("\n"));
return changes;

// === paginate-fake-api
const allItems = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `item-${String(i + 1).padStart(3, "0")}` }));
async function listItems(cursor?: string, limit = 10) {
  await new Promise((r) => setTimeout(r, 5));
  const start = cursor ? Number(atob(cursor)) : 0;
  const page = allItems.slice(start, start + limit);
  const next = start + limit < allItems.length ? btoa(String(start + limit)) : undefined;
  return { items: page, next_cursor: next };
}
const collected: typeof allItems = [];
let cursor: string | undefined;
let calls = 0;
do {
  const res = await listItems(cursor);
  calls++;
  collected.push(...res.items);
  console.log(`page ${calls}: ${res.items.length} items, next=${res.next_cursor ?? "none"}`);
  cursor = res.next_cursor;
} while (cursor);
return { calls, total: collected.length, last: collected.at(-1) };

// === rate-limited-batch-calls
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ids = Array.from({ length: 7 }, (_, i) => `u${i + 1}`);
const batches: string[][] = [];
for (let i = 0; i < ids.length; i += 3) batches.push(ids.slice(i, i + 3));
const results: Record<string, string> = {};
for (const [n, batch] of batches.entries()) {
  const got = await Promise.all(batch.map(async (id) => { await sleep(5); return [id, id.toUpperCase()] as const; }));
  for (const [k, v] of got) results[k] = v;
  console.log(`batch ${n + 1}/${batches.length}: ${batch.join(",")}`);
  if (n < batches.length - 1) await sleep(50);
}
console.log(results);
return Object.keys(results).length;

// === normalize-api-records
const raw = [
  { ID: "1", Full_Name: "  ada LOVELACE ", Email: "ADA@Example.com", signup: "2024-01-15T09:00:00Z", plan: "PRO", spend: "1,204.50" },
  { ID: "2", Full_Name: "alan turing", Email: null, signup: "2023-11-02T14:30:00Z", plan: "free", spend: "0" },
  { ID: "3", Full_Name: "Grace  Hopper", Email: "grace@navy.mil ", signup: "bad-date", plan: "Team", spend: "99.9" },
];
const titleCase = (s: string) => s.trim().split(/\s+/).map((w) => w[0].toUpperCase() + w.slice(1).toLowerCase()).join(" ");
const normalized = raw.map((r) => {
  const t = Date.parse(r.signup);
  return {
    id: Number(r.ID),
    name: titleCase(r.Full_Name),
    email: r.Email?.trim().toLowerCase() ?? null,
    signupDate: Number.isNaN(t) ? null : new Date(t).toISOString().slice(0, 10),
    plan: r.plan.toLowerCase() as "pro" | "free" | "team",
    spend: parseFloat(r.spend.replace(/,/g, "")),
  };
});
console.log(normalized);
const warnings = normalized.flatMap((n) => [!n.email && `#${n.id} missing email`, !n.signupDate && `#${n.id} bad signup date`].filter(Boolean));
console.log(warnings);
return normalized;

// === search-and-rank-snippets
const docs = [
  { id: "a", title: "Getting started with Deno", body: "Install deno, run a script, use permissions." },
  { id: "b", title: "Node.js streams", body: "Readable and writable streams in node; pipe and backpressure." },
  { id: "c", title: "Deno vs Node", body: "Comparing deno and node: permissions, modules, tooling." },
];
const query = "deno permissions node";
const terms = query.toLowerCase().split(/\s+/);
const scored = docs.map((d) => {
  const text = `${d.title} ${d.body}`.toLowerCase();
  const hits = Object.fromEntries(terms.map((t) => [t, text.split(t).length - 1]));
  const score = Object.values(hits).reduce((a, b) => a + b, 0) + (terms.some((t) => d.title.toLowerCase().includes(t)) ? 2 : 0);
  const snippet = d.body.replace(new RegExp(`(${terms.join("|")})`, "gi"), "**$1**");
  return { id: d.id, score, hits, snippet };
}).sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
for (const s of scored) console.log(`${s.id} (${s.score}): ${s.snippet}`);
console.log(scored[0].hits);
return scored.map((s) => s.id);

// === tool-result-error-handling
type ToolResult = { ok: true; data: unknown } | { ok: false; error: { code: number; message: string } };
const responses: ToolResult[] = [
  { ok: true, data: { rows: 3 } },
  { ok: false, error: { code: 429, message: "rate limited" } },
  { ok: false, error: { code: 500, message: "internal" } },
  { ok: true, data: null },
];
const handled = responses.map((r, i) => {
  if (r.ok) return `call ${i}: ok ${JSON.stringify(r.data)}`;
  switch (r.error.code) {
    case 429: return `call ${i}: retry later (${r.error.message})`;
    default: return `call ${i}: failed ${r.error.code} ${r.error.message}`;
  }
});
console.log(handled);
const firstError = responses.find((r): r is Extract<ToolResult, { ok: false }> => !r.ok);
console.log(firstError?.error, responses.filter((r) => r.ok).length);
return handled;

// === aggregate-time-series
const points = [
  { t: "2024-06-01T00:05:00Z", v: 3 }, { t: "2024-06-01T00:20:00Z", v: 7 }, { t: "2024-06-01T00:59:59Z", v: 1 },
  { t: "2024-06-01T01:00:00Z", v: 10 }, { t: "2024-06-01T02:30:00Z", v: 4 }, { t: "2024-06-01T02:45:00Z", v: 6 },
];
const buckets = new Map<string, number[]>();
for (const p of points) {
  const d = new Date(p.t);
  d.setUTCMinutes(0, 0, 0);
  const key = d.toISOString();
  buckets.set(key, [...(buckets.get(key) ?? []), p.v]);
}
const series = [...buckets].map(([hour, vs]) => ({ hour: hour.slice(11, 16), count: vs.length, avg: +(vs.reduce((a, b) => a + b) / vs.length).toFixed(2), max: Math.max(...vs) }));
console.table(series);
const spark = series.map((s) => "▁▂▃▄▅▆▇█"[Math.min(7, Math.floor((s.avg / 10) * 8))]).join("");
console.log(spark);
return series;

// === dependency-topo-sort
const deps: Record<string, string[]> = { app: ["lib", "utils"], lib: ["utils", "core"], utils: ["core"], core: [], tests: ["app"] };
function topo(graph: Record<string, string[]>): string[] {
  const out: string[] = [], state: Record<string, "visiting" | "done"> = {};
  const visit = (n: string, path: string[]) => {
    if (state[n] === "done") return;
    if (state[n] === "visiting") throw new Error(`cycle: ${[...path, n].join(" -> ")}`);
    state[n] = "visiting";
    for (const d of graph[n] ?? []) visit(d, [...path, n]);
    state[n] = "done";
    out.push(n);
  };
  Object.keys(graph).sort().forEach((n) => visit(n, []));
  return out;
}
console.log(topo(deps));
try { topo({ a: ["b"], b: ["c"], c: ["a"] }); } catch (e) { console.log((e as Error).message); }
return topo(deps);

// === env-style-config-parse
const envText = `
# database
DB_HOST=localhost
DB_PORT=5432
DB_PASSWORD="p@ss word"
FEATURE_FLAGS=alpha,beta , gamma
EMPTY=
export API_URL=https://api.example.com/v1
MALFORMED LINE
`;
const env: Record<string, string> = {};
const problems: string[] = [];
envText.split("\n").forEach((line, idx) => {
  const l = line.trim();
  if (!l || l.startsWith("#")) return;
  const m = l.match(/^(?:export\s+)?([A-Z_][A-Z0-9_]*)=(.*)$/);
  if (!m) { problems.push(`line ${idx}: cannot parse "${l}"`); return; }
  env[m[1]] = m[2].replace(/^"(.*)"$/, "$1");
});
const typed = {
  host: env.DB_HOST, port: Number(env.DB_PORT), password: env.DB_PASSWORD,
  flags: env.FEATURE_FLAGS.split(",").map((s) => s.trim()), empty: env.EMPTY || "(default)", api: new URL(env.API_URL).pathname,
};
console.log(typed, problems);
return typed;
