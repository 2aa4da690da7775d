/**
 * Loaded into a server under measurement (`node --expose-gc --import ./bench/lib/heap-probe.mjs`,
 * bench/fanout-targets.ts) so Riffle and the floor server are measured the same way without a
 * line of bench code in either: on {cmd: 'heap'} over the IPC channel it runs three full GCs
 * and answers with process.memoryUsage(). Plain JS: it loads before tsx.
 */
if (process.send && typeof globalThis.gc === 'function') {
  process.on('message', (m) => {
    if (!m || m.cmd !== 'heap') return;
    let left = 3;
    const step = () => {
      globalThis.gc();
      if (--left > 0) return setTimeout(step, 100);
      process.send({ type: 'heap', ...process.memoryUsage() });
    };
    step();
  });
  process.channel?.unref();
}
