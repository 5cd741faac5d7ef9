// compare: node
// URL and URLSearchParams: parsing, resolution, setters, params linkage.
const inputs = [
  'https://user:pa ss@EXAMPLE.com:443/a/./b/../c d^|{}`\'"<>?q=1 2\'"#f g`<>',
  'http://a/x?a=\'', 'foo://a/x?a=\'', 'http://a@b@c/', 'http://:@a/', 'http://a:/', 'http://@a/',
  'http://[1:2::3:4]/', 'http://[::ffff:1.2.3.4]/', 'http://[0:0:0:0:0:0:0:1]:8080/x', 'http://[2001:db8:0:0:1:0:0:1]/',
  'http://1.2.3/', 'http://0300.0250.1.1/', 'http://0x7f.1/', 'http://4294967295/', 'http://a.b.c.1/',
  'file:///a/b', 'file:a/b', 'file:/C|/x', 'file://localhost/x', 'file://host/p', 'file:///C:/x/../y', 'file:///C:/..',
  'http://A%42c/', 'http://a b/', 'sc://ñ/x', 'http://ñ.com/', 'http://münchen.de/', 'HTTP://EXAMPLE.COM:080/',
  'http://a/..', 'http://a/x/.', 'http://a\\b\\c', 'javascript:alert(1)', 'urn:isbn:0451450523', 'http://a/?#',
  'http://a/%zz%41', 'non-spec:/.//p', 'http://a:65536/', 'http://1.2.3.4.5/', 'http://[::1/', 'http://ex%41mple.com/',
  'https://xn--mnchen-3ya.de/', 'http://a.com./', 'sc:\\x', 'mailto:Foo@Bar.com?subject=hi there',
  'data:text/plain,hello world', 'ws://a:80/', 'wss://a:443/chat', 'ftp://a:21/f', 'blob:https://a.com/uuid',
  '  http://trim.me/ \n', 'ht\ttp://a\n/b', 'http://a/b/%2e%2E/c', 'HTTP://a/%7e%41', 'http://a/é?é#é',
  'foo://Host/a b?x y#z', 'foo:/a/../b', 'foo://', 'foo://:80', 'http://', 'nope', '', 'http:example.com/x',
  'https://例え.テスト/パス', 'http://a/?q=%zz&r=é', 'http://x/😀?😀#😀', 'http://a/\u0000b',
];
for (const s of inputs) {
  try { console.log(JSON.stringify(s), '=>', new URL(s).href); } catch (e) { console.log(JSON.stringify(s), '=>', e.name, e.message, e.code); }
}
const bases = [
  ['../x?y#z', 'http://a/b/c/d'], ['//other/p', 'https://a/b'], ['?q', 'http://a/b?c#d'], ['#h', 'http://a/b?c'],
  ['', 'http://a/b?c#d'], ['http:foo', 'http://a/b/c'], ['http:/foo', 'http://a/b/c'], ['https:foo', 'http://a/b'],
  ['/abs', 'foo://h/x/y'], ['rel', 'foo://h/x/y'], ['../../../../up', 'http://a/b/c'], ['g;x?y#s', 'http://a/b/c/d;p?q'],
  ['#frag', 'mailto:x@y'], ['x', 'mailto:x@y'], ['x', 'file:///C:/dir/f'], ['/x', 'file:///C:/dir/f'], ['\\\\srv\\share', 'file:///a'],
  ['.', 'http://a/b/c'], ['..', 'http://a/b/c'], ['./', 'http://a/b/c/'], ['//x', 'sc://h/p'], ['x', 'nope'],
];
for (const [s, b] of bases) {
  try { console.log(JSON.stringify(s), 'against', b, '=>', new URL(s, b).href); } catch (e) { console.log(JSON.stringify(s), 'against', b, '=>', e.message); }
}
const u = new URL('https://user:pw@example.com:8080/p/a/t/h?query=string&a=1#hash');
for (const k of ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash']) console.log(k, JSON.stringify(u[k]));
console.log(String(u), JSON.stringify({ u }), u.toJSON() === u.href);
console.log(URL.canParse('x'), URL.canParse('x', 'http://a'), URL.canParse('http://a'));
console.log(new URL('blob:https://a.com:444/uuid').origin, new URL('file:///x').origin, new URL('foo://a').origin);

// setters
const s = new URL('http://a.com/p?x=1#f');
s.protocol = 'https'; console.log(s.href);
s.protocol = 'foo'; console.log(s.href);
s.protocol = 'ws:'; console.log(s.href);
s.protocol = 'https'; s.port = '443'; console.log(s.href);
s.port = '8080x'; console.log(s.href);
s.port = '99999'; console.log(s.href);
s.port = ''; console.log(s.href);
s.host = 'B.com:81'; console.log(s.href);
s.hostname = 'c.org'; console.log(s.href);
s.hostname = 'd.org:9'; console.log(s.href);
s.host = ''; console.log(s.href);
s.username = 'us er'; s.password = 'p@ss'; console.log(s.href);
s.pathname = 'new path/../x'; console.log(s.href);
s.pathname = '/a?b#c'; console.log(s.href);
s.search = 'a=1&b=two words'; console.log(s.href, s.searchParams.get('b'));
s.search = ''; console.log(s.href, s.searchParams.size);
s.hash = 'top'; console.log(s.href);
s.hash = ''; console.log(s.href);
s.href = 'http://fresh/?k=v'; console.log(s.href, s.searchParams.get('k'));
try { s.href = 'bad'; } catch (e) { console.log(e.name, e.message); }
const m = new URL('mailto:a@b'); m.pathname = 'x'; m.host = 'h'; console.log(m.href);

// URLSearchParams
const p = new URLSearchParams('?a=1&b=2&a=3&c=%20x+y&d');
console.log(p.toString(), p.get('a'), p.getAll('a'), p.get('c'), p.get('d'), p.get('zz'), p.has('b'), p.has('a', '3'), p.size);
p.append('e', 'é & = +'); p.set('a', 'one'); p.delete('b'); console.log(p.toString());
p.sort(); console.log(p.toString(), [...p.keys()], [...p.values()], [...p.entries()]);
p.forEach((v, k, o) => console.log('each', k, v, o === p));
console.log(new URLSearchParams({ x: '1', y: ['a', 'b'] }).toString(), new URLSearchParams([['k', 'v'], ['k', 'w']]).toString());
console.log(new URLSearchParams(new Map([['m', 1]])).toString(), new URLSearchParams('').toString(), String(new URLSearchParams('a=b=c')));
try { new URLSearchParams([['a']]); } catch (e) { console.log(e.name, e.message); }
const linked = new URL('http://h/?x=1');
linked.searchParams.append('y', 'a b'); console.log(linked.href);
linked.searchParams.delete('x'); linked.searchParams.delete('y'); console.log(linked.href);
const sp = new URLSearchParams('b=2&a=1&b=1&a=0'); sp.sort(); console.log(sp.toString());
for (const [k, v] of new URLSearchParams('q=1&r=2')) console.log('iter', k, v);
const it = new URLSearchParams('z=1').entries(); console.log(Object.prototype.toString.call(it), typeof it[Symbol.iterator], it.next(), it.next());
console.log(new URL('https://example.com/a?b=1#c'));
console.log(new URLSearchParams('a=1&b=2'), new URLSearchParams(''), { nested: new URL('http://x/') });
console.log(Object.prototype.toString.call(new URL('http://a')), Object.keys(new URL('http://a')), typeof Object.getOwnPropertyDescriptor(URL.prototype, "href").get);
