// What V8's young-generation collector (the scavenger) does with a per-step cache kept in a
// WeakMap, against the same cache as a plain field or as a hidden property on its key
// (server/engine/slots.ts). Each step makes a key and an 80 KB value that nothing needs after the
// next step, as a command makes a state and its players view.
//   node --trace-gc-nvp bench/gc/weakmap-values.mjs plain|wm|expando | grep 'gc=s'
// and compare `new_space_survived` and `promoted` (docs/BENCHMARKS.md, fifth round).
const mode = process.argv[2];
const S = Symbol('cache');
const wm = new WeakMap();
let hold = null;
for (let i = 0; i < 3000; i++) {
  const next = {};
  const payload = new Array(10000).fill(i);
  if (mode === 'wm') wm.set(next, { payload });
  else if (mode === 'expando') Object.defineProperty(next, S, { value: { payload }, writable: true });
  else hold = { next, payload };
  for (let j = 0; j < 50; j++) new Array(1000);
  if (i % 10 === 0) await new Promise((r) => setImmediate(r));
}
