"use strict";
// Allocation-heavy JSON: build arrays of small objects, stringify them,
// parse the text back and walk the result.
function work() {
  let total = 0;
  for (let round = 0; round < 2; round++) {
    const items = [];
    for (let i = 0; i < 3000; i++) {
      items.push({
        id: i,
        name: "item-" + i,
        price: i * 1.25,
        tags: ["a" + (i % 7), "b" + (i % 13)],
        dims: { w: i % 100, h: (i * 3) % 100 },
        active: i % 2 === 0,
      });
    }
    const text = JSON.stringify(items);
    const back = JSON.parse(text);
    for (const it of back) total += it.dims.w + it.tags.length + (it.active ? 1 : 0);
    total += text.length;
  }
  return total;
}
