"use strict";
// CPU loop: integer arithmetic in a tight interpreter loop, no allocation.
// Every iteration crosses a loop header, the worst case for the fuel
// counter the wasm is instrumented with.
function work() {
  let x = 0;
  for (let i = 0; i < 1000000; i++) {
    x = (x + i * 7) % 1000003;
  }
  return x;
}
