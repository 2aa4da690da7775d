/**
 * CSV exports safe in every separator (OWASP CSV injection): a piece of a cell that a spreadsheet
 * splitting on `;` (nl, de, da, hr), `,` or a tab would read as a formula is marked with `'`,
 * in results.csv and the players export; the marking is undone exactly by the import, and the
 * TD's export always imports again. A record's text fields refuse what names refuse (NUL,
 * control characters, lone surrogates, direction overrides); notes keep their line breaks.
 * Expected cells written out by hand.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { safeCell, unmarkCell } from '../../server/files/csv-cell.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.js';

const TD = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** Every piece a spreadsheet in any of the languages could make a cell of, that opens as a formula. */
function livePieces(csv: string): string[] {
  return csv.split(/[;,\t\r\n]/).filter((piece) => /^[ \u00a0"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(piece));
}

describe('csv cells', () => {
  const cases: [string, string][] = [
    ['=1+1', "'=1+1"],
    ['Carl;@SUM(A1)', "Carl;'@SUM(A1)"],
    ['a,+b', "a,'+b"],
    ['x\t-1', "x\t'-1"],
    ['y; "=cmd|calc"', `y;' "=cmd|calc"`],
    ['line\n=2', "line\n'=2"],
    ['\uFF1D1', "'\uFF1D1"],
    ["'=x", "''=x"],
    ['Anne-Marie', 'Anne-Marie'],
    ['+45 1234 5678', "'+45 1234 5678"],
    ['Jan de Vries', 'Jan de Vries'],
  ];
  for (const [text, cell] of cases) {
    it(`${JSON.stringify(text)} is written ${JSON.stringify(cell)} and read back`, () => {
      assert.equal(safeCell(text), cell);
      assert.equal(unmarkCell(cell), text);
      assert.deepEqual(livePieces(cell), []);
    });
  }

  it('any text over the tricky characters: marked, nothing live left, read back exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(';', ',', '\t', '\n', '\r', "'", '"', ' ', '=', '+', '-', '@', 'a', '\uFF1D')).map((cs) => cs.join('')), (text) => {
        const cell = safeCell(text);
        assert.deepEqual(livePieces(cell), [], JSON.stringify(cell));
        assert.equal(unmarkCell(cell), text);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('csv exports on a server', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const players = async (method: string, path: string, body?: unknown, type = 'application/json') => {
    const res = await fetch(`${server.url}/api/players${path}`, { method, headers: { ...TD, ...(body !== undefined ? { 'content-type': type } : {}) }, ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}) });
    const text = await res.text();
    return { status: res.status, text, body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
  };

  it('results.csv: a name with ";@SUM(A1)" opens as text in a ;-splitting spreadsheet', async () => {
    const id = await server.createTournament();
    await server.ok(id, { type: 'entry.add', name: 'Carl;@SUM(A1)' });
    await server.ok(id, { type: 'entry.add', name: 'Dora,=HYPERLINK("x")' });
    const csv = await (await fetch(`${server.url}/api/tournaments/${id}/results.csv`)).text();
    assert.ok(csv.includes("Carl;'@SUM(A1)"), csv);
    assert.ok(csv.includes(`"Dora,'=HYPERLINK(""x"")"`), csv);
    assert.deepEqual(livePieces(csv), []);
  });

  it('the players export marks every live piece, and imports again to the same records', async () => {
    const made = await players('POST', '', { name: 'Erik;-Sum', nickname: 'Ek,+1', email: 'e@x.dk', phone: '+45 1234', notes: 'likes;=cmd\n@line two\t' });
    assert.equal(made.status, 200, made.text);
    const before = made.body.player;
    const csv = (await players('GET', '/export.csv')).text;
    assert.deepEqual(livePieces(csv), [], csv);
    const again = await players('POST', '/import', csv, 'text/csv');
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.updated, 1);
    const after = (await players('GET', `/${before.id}`)).body.player;
    assert.deepEqual(
      [after.name, after.nickname, after.email, after.phone, after.notes],
      ['Erik;-Sum', 'Ek,+1', 'e@x.dk', '+45 1234', 'likes;=cmd\n@line two'],
    );
  });

  it('notes, nickname and contact refuse NUL, control characters, lone surrogates and overrides; nothing is stored', async () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ notes: 'a\u0000b' }, /notes: cannot hold control characters/],
      [{ notes: 'bell\u0007' }, /notes: cannot hold control characters/],
      [{ notes: 'broken \uD800 text' }, /notes: holds a broken character/],
      [{ notes: 'tab\there' }, /notes: cannot hold control characters/],
      [{ notes: 'gnirts \u202E' }, /notes: cannot hold text-direction overrides/],
      [{ nickname: 'Ni\u0000ck' }, /nickname: cannot hold control characters/],
      [{ email: 'a\u0000@b.dk' }, /email: cannot hold control characters/],
    ];
    for (const [fields, why] of bad) {
      const res = await players('POST', '', { name: 'Faye Field', ...fields });
      assert.equal(res.status, 400, JSON.stringify(fields));
      assert.match(res.body.error.message, why);
    }
    assert.deepEqual((await players('GET', '?q=faye')).body.matches, [], 'none of them made a record');
    const ok = await players('POST', '', { name: 'Faye Field', notes: 'two\r\nlines' });
    assert.equal(ok.body.player.notes, 'two\nlines', 'a line break is kept, as \\n');
  });
});
