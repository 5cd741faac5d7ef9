// Unify every date in the workspace to ISO 8601 (YYYY-MM-DD).
const MONTHS = [
  "january", "february", "march", "april", "may", "june",
  "july", "august", "september", "october", "november", "december",
];
const pad = (n: number) => String(n).padStart(2, "0");
const iso = (y: string, m: number, d: string) => `${y}-${pad(m)}-${pad(Number(d))}`;
const month = (name: string) => MONTHS.indexOf(name.toLowerCase()) + 1;

function unify(text: string): string {
  return text
    // 2024/03/05
    .replace(/\b(\d{4})\/(\d{1,2})\/(\d{1,2})\b/g, (_, y, m, d) => iso(y, Number(m), d))
    // 03/05/2024 (month first)
    .replace(/\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g, (_, m, d, y) => iso(y, Number(m), d))
    // 5 March 2024
    .replace(/\b(\d{1,2}) ([A-Z][a-z]+) (\d{4})\b/g, (s, d, name, y) => month(name) ? iso(y, month(name), d) : s)
    // March 5, 2024
    .replace(/\b([A-Z][a-z]+) (\d{1,2}), (\d{4})\b/g, (s, name, d, y) => month(name) ? iso(y, month(name), d) : s);
}

const { files } = await tools["list_files"]({});
// read_file is parallel-safe: these reads overlap, up to maxParallelSubCalls.
const texts = await Promise.all(files.map((path: string) => tools["read_file"]({ path })));

const rewritten: string[] = [];
const refused: { path: string; tool: string; reason: string }[] = [];
for (let i = 0; i < files.length; i++) {
  const before = texts[i].content;
  const after = unify(before);
  if (after === before) continue;
  try {
    await tools["write_file"]({ path: files[i], content: after });
    rewritten.push(files[i]);
  } catch (e) {
    // A denied write is an ordinary event for the program: note it, go on.
    if (!(e instanceof ToolCallError)) throw e;
    refused.push({ path: files[i], tool: e.toolName, reason: e.message });
  }
}
console.log(`checked ${files.length} files, rewrote ${rewritten.length}, refused ${refused.length}`);
return { checked: files.length, rewritten: rewritten.length, refused };
