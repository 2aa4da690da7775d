/**
 * The high-water mark's comparison (server/host/seq-mark.ts), table-driven; the whole path (a WAL
 * deleted after a kill -9) is in damaged.test.ts. Expected values written by hand.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  it('is written only after the commands it names are on disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'riffle-mark-'));
    try {
      const file = join(dir, 'riffle.seq.json');
      let synced!: () => void;
      const order: string[] = [];
      const writer = new SeqMarkWriter(
        file,
        () => ({ t: { name: 'T', seq: 9 } }),
        () => new Promise<void>((resolve) => (synced = () => (order.push('fsync'), resolve()))),
        (err) => assert.fail(String(err)),
      );
      writer.changed();
      const writing = writer.write();
      await new Promise((r) => setImmediate(r));
      assert.throws(() => readFileSync(file), /ENOENT/, 'nothing written before the fsync');
      synced();
      await writing;
      order.push('mark');
      assert.deepEqual(order, ['fsync', 'mark']);
      assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')).tournaments, { t: { name: 'T', seq: 9 } });
      await writer.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
