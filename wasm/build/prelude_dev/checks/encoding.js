// compare: node
// TextEncoder / TextDecoder / atob / btoa.
const te = new TextEncoder();
const show = (u8) => Array.from(u8).map((b) => b.toString(16).padStart(2, '0')).join(' ');
console.log(te.encoding, show(te.encode('héllo €😀')), te.encode().length, show(te.encode(undefined)), show(te.encode(null)));
console.log(show(te.encode('\ud800')), show(te.encode('a\udc00b')), show(te.encode('\ud83d\ude00\ud83d')));
const buf = new Uint8Array(5);
console.log(JSON.stringify(te.encodeInto('a€😀', buf)), show(buf));
console.log(JSON.stringify(te.encodeInto('€€', new Uint8Array(4))), JSON.stringify(te.encodeInto('', new Uint8Array(0))));
try { te.encodeInto('x', new Uint16Array(2)); } catch (e) { console.log(e.name, e.code); }
const td = new TextDecoder();
console.log(td.encoding, td.fatal, td.ignoreBOM);
const cases = [
  [0x68, 0xc3, 0xa9], [0xef, 0xbb, 0xbf, 0x41], [0xff, 0x41], [0xc3], [0xe2, 0x82], [0xe2, 0x28, 0xa1],
  [0xf0, 0x9f, 0x98, 0x80], [0xf0, 0x9f, 0x98], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xf4, 0x90, 0x80, 0x80],
  [0xe0, 0x80, 0x80], [0x80, 0x80], [0xf0, 0x28, 0x8c, 0x28], [],
];
for (const c of cases) console.log(JSON.stringify(td.decode(new Uint8Array(c))));
console.log(JSON.stringify(new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))));
console.log(td.decode(new Uint8Array([0x61, 0x62, 0x63]).buffer), td.decode(new DataView(new Uint8Array([0x64, 0x65]).buffer)),
  td.decode(new Uint16Array([0x6968])), td.decode(), td.decode(new Uint8Array([1, 0x61, 2]).subarray(1, 2)));
const fatal = new TextDecoder('utf8', { fatal: true });
console.log(fatal.fatal, fatal.decode(new Uint8Array([0x6f, 0x6b])));
try { fatal.decode(new Uint8Array([0xff])); } catch (e) { console.log(e.name, e.code, e.message); }
try { new TextDecoder('klingon'); } catch (e) { console.log(e.name, e.code, e.message); }
try { td.decode('str'); } catch (e) { console.log(e.name, e.code); }
console.log(new TextDecoder(' UTF-8 ').encoding, new TextDecoder('unicode-1-1-utf-8').encoding);
const st = new TextDecoder();
const euro = te.encode('€😀x');
let out = '';
for (let i = 0; i < euro.length; i++) out += st.decode(euro.subarray(i, i + 1), { stream: true });
out += st.decode();
console.log(JSON.stringify(out));
const st2 = new TextDecoder();
console.log(JSON.stringify(st2.decode(new Uint8Array([0xef, 0xbb]), { stream: true }) + st2.decode(new Uint8Array([0xbf, 0x41]), { stream: true }) + st2.decode(new Uint8Array([0xe2]))));
console.log(btoa('hello'), atob('aGVsbG8='), atob(' aGVs bG8 '), btoa(''), atob(''));
for (const bad of ['@@', 'a', 'aGVsbG8===']) { try { console.log(atob(bad)); } catch (e) { console.log(e.name); } }
try { btoa('€'); } catch (e) { console.log(e.name); }
console.log(Object.prototype.toString.call(te), Object.prototype.toString.call(td), typeof TextEncoder, TextDecoder.name);
