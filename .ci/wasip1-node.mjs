// Runs a wasip1 module under Node's node:wasi, the way an edge platform
// runs one: `node wasip1-node.mjs MODULE.wasm ARGS...`. The module sees
// the host's file system at / and no environment; its exit status is the
// process's.
import { readFile } from "node:fs/promises";
import { argv } from "node:process";
import { WASI } from "node:wasi";

const [path, ...args] = argv.slice(2);
// returnOnExit stays false: with it, Node 20 crashed at exit after a run of
// coderun (a segmentation fault once the output was written).
const wasi = new WASI({ version: "preview1", args: [path, ...args], env: {}, preopens: { "/": "/" } });
const module = await WebAssembly.compile(await readFile(path));
wasi.start(await WebAssembly.instantiate(module, wasi.getImportObject()));
