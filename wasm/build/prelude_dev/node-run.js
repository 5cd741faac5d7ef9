// Runs a check program under Node the way the dev host runs it: as the
// body of an async function. Used by run.sh for "// compare: node" checks.
'use strict';
const fs = require('fs');
const src = fs.readFileSync(process.argv[2], 'utf8');
const fn = new Function(`return (async function () { "use strict";\n${src}\n})`)();
fn().catch((e) => console.log('=> EXCEPTION ' + e));
