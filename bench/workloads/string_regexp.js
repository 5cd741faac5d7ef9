"use strict";
// Strings and regular expressions: build a text by concatenation and join,
// scan it with a global regexp, replace with a callback, split, and test
// an e-mail pattern against many short strings.
function work() {
  const words = [];
  for (let i = 0; i < 10000; i++) words.push("word" + (i % 997) + (i % 3 === 0 ? "-x" : ""));
  const text = words.join(" ");
  const re = /([a-z]+?)(\d+)(-x)?/g;
  let n = 0;
  let m;
  while ((m = re.exec(text)) !== null) n += m[2].length + (m[3] ? 1 : 0);
  const replaced = text.replace(/word(\d+)/g, (_, d) => "w" + d * 2);
  const parts = replaced.split(/\s+/);
  let s = "";
  for (let i = 0; i < parts.length; i += 10) s += parts[i].toUpperCase() + ",";
  const email = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/i;
  let ok = 0;
  for (let i = 0; i < 10000; i++) {
    if (email.test("user" + i + (i % 5 === 0 ? "@" : "#") + "example.com")) ok++;
  }
  return n + replaced.length + parts.length + s.length + ok;
}
