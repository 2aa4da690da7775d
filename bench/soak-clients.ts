/**
 * Client side of bench/soak.ts: `count` reconnecting screens (bench/lib/screen.ts) in one
 * process. On {cmd:'report'} it answers each screen's seq and state, and its reconnects and
 * resyncs (both must stay 0 on a healthy server).
 */
import { Screen } from './lib/screen.js';

const [wsUrl, tournament, countArg] = process.argv.slice(2);
const screens: Screen[] = [];

async function main() {
  const count = Number(countArg);
  for (let i = 0; i < count; i++) {
    screens.push(new Screen(wsUrl!, tournament!));
    if (i % 100 === 99) await new Promise((r) => setTimeout(r, 50));
  }
  while (screens.some((s) => s.seq < 0)) await new Promise((r) => setTimeout(r, 50));
  process.send!({ type: 'ready' });
}

process.on('message', (msg: { cmd: string }) => {
  if (msg.cmd === 'report') {
    // States are compared as JSON; identical states from one server serialize identically.
    const states = new Map<string, number>();
    for (const s of screens) {
      const key = `${s.seq}|${JSON.stringify(s.shown)}`;
      states.set(key, (states.get(key) ?? 0) + 1);
    }
    process.send!({
      type: 'report',
      distinct: [...states].map(([key, n]) => ({ seq: Number(key.split('|')[0]), state: key.slice(key.indexOf('|') + 1), n })),
      reconnects: screens.reduce((a, s) => a + s.reconnects, 0),
      resyncs: screens.reduce((a, s) => a + s.resyncs, 0),
    });
  } else if (msg.cmd === 'exit') {
    for (const s of screens) s.close();
    process.exit(0);
  }
});

void main();
