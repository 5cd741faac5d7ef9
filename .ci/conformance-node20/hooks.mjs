// A module loader hook that lets the MCP conformance tool run on Node 20.
// The tool imports fs.globSync, which Node 22 added, for one command
// (tier-check) that this project does not run; on Node 20 the import
// fails before any command starts. The hook drops that import and defines
// a stand-in that says what is missing if it is ever called.
export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.includes("@modelcontextprotocol/conformance/dist/") || result.format !== "module") {
    return result;
  }
  const source = String(result.source);
  const m = source.match(/globSync as (\w+),/);
  if (!m) {
    return result;
  }
  // Appended, not prepended: the file starts with a #! line.
  const stub = `const ${m[1]}=()=>{throw new Error("fs.globSync needs Node 22")};`;
  return { ...result, source: source.replace(m[0], "") + "\n" + stub, shortCircuit: true };
}
