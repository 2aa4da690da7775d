/**
 * The high-water mark's comparison (server/host/seq-mark.ts), table-driven; the whole path (a WAL
 * deleted after a kill -9) is in damaged.test.ts. Expected values written by hand.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lostCommands, readSeqMark, SeqMarkWriter, type SeqMark } from '../../server/host/seq-mark.js';

const mark: SeqMark = {
  savedAt: 1_000,
  tournaments: {
    whole: { name: 'Whole', seq: 40 },
    ahead: { name: 'Ahead', seq: 40 },
    short: { name: 'Short', seq: 40 },
    gone: { name: 'Gone', seq: 7 },
    aside: { name: 'Set aside', seq: 40 },
  },
};

describe('high-water mark', () => {
  it('reports each tournament whose log ends below its mark, and one gone from the database', () => {
    // `ahead`: commands after the mark was written (it lags by up to a second): no loss.
    const present = new Map<string, number | null>([['whole', 40], ['ahead', 43], ['short', 28], ['aside', null], ['new', 3]]);
    assert.deepEqual(lostCommands(mark, present), [
      { tournament: 'short', name: 'Short', logSeq: 28, markSeq: 40, gone: false, missing: 12, markedAt: 1_000 },
      { tournament: 'gone', name: 'Gone', logSeq: 0, markSeq: 7, gone: true, missing: 7, markedAt: 1_000 },
    ]);
  });

  it('a mark that does not parse is reported and read as none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'riffle-mark-'));
    try {
      const file = join(dir, 'riffle.seq.json');
      writeFileSync(file, '{"savedAt": 12, "tourn');
      const reasons: string[] = [];
      assert.equal(readSeqMark(file, (r) => reasons.push(r)), null);
      assert.equal(reasons.length, 1);
      assert.equal(readSeqMark(join(dir, 'none.json'), (r) => reasons.push(r)), null, 'no file: no mark, nothing reported');
      assert.equal(reasons.length, 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is written only after the commands it names are on disk, padded over a longer one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'riffle-mark-'));
    try {
      const file = join(dir, 'riffle.seq.json');
      writeFileSync(file, JSON.stringify({ savedAt: 1, tournaments: { a: { name: 'A long tournament name', seq: 1 }, b: { name: 'B', seq: 2 } } }));
      const before = readFileSync(file, 'utf8');
      let seq = 9;
      let synced!: () => void;
      const writer = new SeqMarkWriter(
        file,
        () => ({ t: { name: 'T', seq } }),
        () => new Promise<void>((resolve) => (synced = resolve)),
        (err) => assert.fail(String(err)),
      );
      writer.changed();
      seq = 10; // committed after the mark read its seqs: not covered by the fsync it waits for
      assert.equal(readFileSync(file, 'utf8'), before, 'the old mark stands until the fsync is confirmed');
      synced();
      await writer.close(); // waits for the write that followed the fsync
      const text = readFileSync(file, 'utf8');
      assert.equal(text.length, before.length, 'padded to the longer mark it replaces');
      assert.deepEqual(JSON.parse(text).tournaments, { t: { name: 'T', seq: 9 } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a mark with names outside ASCII keeps its size from one write to the next', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'riffle-mark-'));
    try {
      const file = join(dir, 'riffle.seq.json');
      let seq = 1;
      const writer = new SeqMarkWriter(file, () => ({ t: { name: 'Čakovec Open – Žuti dan', seq } }), () => Promise.resolve(), (err) => assert.fail(String(err)));
      const sizes: number[] = [];
      for (; seq <= 4; seq++) {
        writer.changed();
        await writer.settled();
        sizes.push(statSync(file).size);
      }
      await writer.close();
      assert.equal(new Set(sizes).size, 1, `sizes ${sizes.join(', ')}`);
      assert.equal(JSON.parse(readFileSync(file, 'utf8')).tournaments.t.seq, 4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
