// Runs format-cases.js through console.log under Node and under the dev
// host (the real glue + prelude), and compares the output case by case.
// Stack frames differ between engines, so each run of "    at ..." lines
// is collapsed to one "at <frames>" line before comparing.
//
//   node format-compare.js HOST PRELUDE.js [-v]
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const [host, prelude] = process.argv.slice(2);
const verbose = process.argv.includes('-v');
const cases = require('./format-cases.js');

const fns = cases.map((c) => {
  const src = Array.isArray(c) ? c[0] : c;
  return /\breturn\b/.test(src) && /^\s*return\b/.test(src)
    ? `() => { ${src} }`
    : `() => [${src}]`;
});
const body = `const __cases = [\n${fns.join(',\n')}\n];
for (let __i = 0; __i < __cases.length; __i++) {
  console.log('@@case ' + __i);
  try { console.log(...__cases[__i]()); } catch (e) { console.log('@@threw ' + e); }
}
`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fmt-'));
const prog = path.join(dir, 'program.js');
fs.writeFileSync(prog, body);
const nodeProg = path.join(dir, 'node.js');
fs.writeFileSync(nodeProg, `(async function () { "use strict";\n${body}\n})();\n`);

const run = (cmd, args) => execFileSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
const expected = run(process.execPath, [nodeProg]);
const actual = run(host, [prelude, prog]);

function split(out) {
  const res = [];
  let cur = null;
  for (const line of out.split('\n')) {
    const m = /^@@case (\d+)$/.exec(line);
    if (m) { cur = res[+m[1]] = []; continue; }
    if (cur && !line.startsWith('=> RESULT')) cur.push(line);
  }
  return res.map((lines) => normalize(lines.join('\n').replace(/\n+$/, '')));
}

function normalize(text) {
  return text.replace(/^( *)at .*(\n\1at .*)*$/gm, '$1at <frames>');
}

const exp = split(expected);
const act = split(actual);
let failed = 0;
let known = 0;
for (let i = 0; i < cases.length; i++) {
  const note = Array.isArray(cases[i]) ? cases[i][1] : null;
  if (exp[i] === act[i]) {
    if (verbose) console.log(`ok   ${i}`);
    continue;
  }
  if (note) known++; else failed++;
  const src = Array.isArray(cases[i]) ? cases[i][0] : cases[i];
  console.log(`${note ? 'KNOWN' : 'DIFF '} case ${i}: ${src}${note ? `  (${note})` : ''}`);
  console.log('  node:    ' + JSON.stringify(exp[i]));
  console.log('  coderun: ' + JSON.stringify(act[i]));
}
console.log(`format: ${cases.length} cases, ${cases.length - failed - known} identical, ${known} known differences, ${failed} differing`);
fs.rmSync(dir, { recursive: true });
process.exit(failed ? 1 : 0);
