/**
 * Points and standings worked out by hand (issue 27 item 3): a points table and the square-root
 * formula over the same three nights, best 2 of 3, ties broken by the documented rule
 * (docs/LEAGUES.md), shared places, knockouts, a typed formula, and formulas refused.
 * Every expected number is computed in the comments beside it, not by the code under test.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { standings, nameKey, normalizeName, type PlayerResult, type TournamentResults } from '../../server/leagues/standings.js';
import { compileExpression, compileFormula, FormulaError } from '../../server/leagues/formula.js';
import { initials, publicKey, shownName } from '../../server/leagues/names.js';

/** A finish: place (or [place, placeTo] for a shared one), prize in cents, knockouts. */
function p(name: string, place: number | [number, number] | null, prize = 0, knockouts = 0): PlayerResult {
  const [from, to] = Array.isArray(place) ? place : [place, place];
  return { key: nameKey(name), name, place: from, placeTo: to, prize, paid: 2_000, knockouts, entries: 1 };
}

function night(id: string, players: PlayerResult[], finished = true): TournamentResults {
  return { tournamentId: id, finished, entries: players.length, buyIn: 2_000, players };
}

// Three nights. t1: 5 entries, Dan and Eve out in the same hand (4th-5th). t2, t3: 4 entries.
// Paid: t1 and t2 the top 2, t3 the top 3.
const NIGHTS = [
  night('t1', [p('Ann', 1, 6_000), p('Bob', 2, 4_000), p('Cid', 3), p('Dan', [4, 5]), p('Eve', [4, 5])]),
  night('t2', [p('Bob', 1, 5_000), p('Ann', 2, 3_000), p('Dan', 3), p('Cid', 4)]),
  night('t3', [p('Cid', 1, 4_000), p('Dan', 2, 2_500), p('Bob', 3, 1_500), p('Ann', 4)]),
];
const SEASON = { tournaments: ['t1', 't2', 't3'], bestOf: null };

const summary = (rows: ReturnType<typeof standings>['rows']) => rows.map((r) => [r.rank, r.name, r.points]);

describe('standings worked by hand', () => {
  it('a points table, best 2 of 3: a tie on points, best results and wins, broken by cashes', () => {
    // Table 10 / 6 / 4, every other finish 1 (participation).
    // Ann: t1 1st 10, t2 2nd 6, t3 4th 1      -> best two 10 + 6 = 16
    // Bob: t1 2nd 6,  t2 1st 10, t3 3rd 4     -> best two 10 + 6 = 16
    // Cid: t1 3rd 4,  t2 4th 1,  t3 1st 10    -> 10 + 4 = 14
    // Dan: t1 4-5 (1+1)/2 = 1, t2 3rd 4, t3 2nd 6 -> 6 + 4 = 10
    // Eve: t1 4-5 1                           -> 1
    // Ann and Bob: 16 each; best results [10, 6] both; one win each; cashes Ann 2 (t1, t2),
    // Bob 3 (t1, t2, t3): Bob first.
    const s = standings({ ...SEASON, bestOf: 2 }, { kind: 'table', points: [10, 6, 4], participation: 1 }, NIGHTS);
    assert.deepEqual(summary(s.rows), [
      [1, 'Bob', 16],
      [2, 'Ann', 16],
      [3, 'Cid', 14],
      [4, 'Dan', 10],
      [5, 'Eve', 1],
    ]);
    const ann = s.rows.find((r) => r.name === 'Ann')!;
    assert.deepEqual(
      ann.results.map((r) => [r.tournamentId, r.points, r.counted]),
      [['t1', 10, true], ['t2', 6, true], ['t3', 1, false]],
    );
    assert.deepEqual([ann.played, ann.counted, ann.best, ann.wins, ann.cashes], [3, 2, 10, 1, 2]);
    assert.equal(s.provisional, false);
    // All three count: Ann 10 + 6 + 1 = 17, Bob 6 + 10 + 4 = 20, Cid 4 + 1 + 10 = 15, Dan 1 + 4 + 6 = 11.
    assert.deepEqual(summary(standings(SEASON, { kind: 'table', points: [10, 6, 4], participation: 1 }, NIGHTS).rows), [
      [1, 'Bob', 20],
      [2, 'Ann', 17],
      [3, 'Cid', 15],
      [4, 'Dan', 11],
      [5, 'Eve', 1],
    ]);
  });

  it('the square-root formula 10 x sqrt(n) / sqrt(p), each result to the hundredth', () => {
    // n = 5: p1 10 x sqrt(5) = 22.3607 -> 22.36; p2 10 x sqrt(2.5) = 15.8114 -> 15.81;
    //        p3 10 x sqrt(5/3) = 12.9099 -> 12.91; p4 10 x sqrt(1.25) = 11.1803; p5 10.
    //        Dan and Eve share 4th-5th: (11.1803 + 10) / 2 = 10.5902 -> 10.59.
    // n = 4: p1 10 x 2 = 20; p2 10 x sqrt(2) = 14.1421 -> 14.14; p3 10 x sqrt(4/3) = 11.547 -> 11.55; p4 10.
    // Ann 22.36 + 14.14 + 10 = 46.50; Bob 15.81 + 20 + 11.55 = 47.36; Cid 12.91 + 10 + 20 = 42.91;
    // Dan 10.59 + 11.55 + 14.14 = 36.28; Eve 10.59.
    const s = standings(SEASON, { kind: 'sqrt', scale: 10 }, NIGHTS);
    assert.deepEqual(summary(s.rows), [
      [1, 'Bob', 47.36],
      [2, 'Ann', 46.5],
      [3, 'Cid', 42.91],
      [4, 'Dan', 36.28],
      [5, 'Eve', 10.59],
    ]);
    assert.deepEqual(s.rows.find((r) => r.name === 'Dan')!.results.map((r) => r.points), [10.59, 11.55, 14.14]);
    // PokerStars' top 15 %: of 5 entries ceil(0.75) = 1 place scores, of 4 ceil(0.6) = 1: only
    // the winners. Bob and Cid 20 each, one win each: Bob cashed 3 times, Cid once.
    const top = standings(SEASON, { kind: 'sqrt', scale: 10, topShare: 0.15 }, NIGHTS);
    assert.deepEqual(summary(top.rows).slice(0, 3), [
      [1, 'Ann', 22.36],
      [2, 'Bob', 20],
      [3, 'Cid', 20],
    ]);
  });

  it('ties: the better counted results, then who reached his total first; equal on all: one rank', () => {
    // linear n - p + 1. t1 (n=3): Pia 1st 3, Rik 2nd 2, Sam 3rd 1. t2 (n=3): Quin 1st 3, Tom and
    // Uma out in one hand 2nd-3rd: (2 + 1) / 2 = 1.5 each. t3 (n=2): Sam 1st 2, Rik 2nd 1.
    // Pia 3 [3]; Quin 3 [3]; Rik 2 + 1 = 3 [2, 1]; Sam 1 + 2 = 3 [2, 1]; Tom 1.5; Uma 1.5.
    // All four at 3: best result 3 (Pia, Quin) beats 2 (Rik, Sam).
    // Pia vs Quin: one win each, no cash: Pia reached 3 on night 1, Quin on night 2: Pia first.
    // Rik vs Sam: [2, 1] both; Sam has a win (t3): Sam first.
    // Tom and Uma: equal on everything (same night, same shared place): one rank, by name.
    const nights = [
      night('t1', [p('Pia', 1), p('Rik', 2), p('Sam', 3)]),
      night('t2', [p('Quin', 1), p('Uma', [2, 3]), p('Tom', [2, 3])]),
      night('t3', [p('Sam', 1), p('Rik', 2)]),
    ];
    const s = standings(SEASON, { kind: 'linear' }, nights);
    assert.deepEqual(summary(s.rows), [
      [1, 'Pia', 3],
      [2, 'Quin', 3],
      [3, 'Sam', 3],
      [4, 'Rik', 3],
      [5, 'Tom', 1.5],
      [5, 'Uma', 1.5],
    ]);
  });

  it('knockouts, a typed formula, a night in play, merged players and names as one key', () => {
    // "n - p + 1 + 2 * k" on t1 (n = 5): Ann 1st with 3 KOs 5 - 1 + 1 + 6 = 11; Bob 2nd 4;
    // "ann " (the same player typed again, keyed by the normalized name) busted 3rd with 1 KO
    // is the same player: his best place (1st), knockouts summed 3 + 1 = 4: 5 + 8 = 13.
    // t2 still running: Cid in play (no place yet, 0 points), Bob out 2nd of 3: 3 - 2 + 1 = 2.
    const nights = [
      night('t1', [p('Ann', 1, 0, 3), p('Bob', 2), p('  ANN ', 3, 0, 1), p('Dan', 4), p('Eve', 5)]),
      { ...night('t2', [p('Bob', 2), p('Cid', null)]), entries: 3, finished: false },
    ];
    const s = standings({ tournaments: ['t1', 't2', 'gone'], bestOf: null }, { kind: 'custom', expression: 'n - p + 1 + 2 * k' }, nights);
    assert.deepEqual(summary(s.rows), [
      [1, 'Ann', 13],
      [2, 'Bob', 6],
      [3, 'Dan', 2],
      [4, 'Eve', 1],
      [5, 'Cid', 0],
    ]);
    assert.equal(s.provisional, true);
    assert.deepEqual(s.missing, ['gone']);
    // The same with knockoutPoints on the built-in linear formula: identical points.
    assert.deepEqual(summary(standings({ tournaments: ['t1', 't2'], bestOf: null }, { kind: 'linear', knockoutPoints: 2 }, nights).rows), summary(s.rows));
    // Merged players (the player database's canonicalPlayerId): Dan's key resolves to Eve's.
    const merged = standings({ tournaments: ['t1'], bestOf: null }, { kind: 'linear' }, nights, (k) => (k === nameKey('Dan') ? nameKey('Eve') : k));
    // One finish per tournament: the better place (Dan's 4th): 5 - 4 + 1 = 2, under the name met first.
    assert.deepEqual(summary(merged.rows).slice(-1), [[3, 'Dan', 2]]);
    assert.equal(merged.rows.length, 3);
  });

  it("Dr. Neau's formula sqrt(n b b / e) / (p + 1): a rebuy costs points", () => {
    // n = 4, b = 20. Ann won with one buy-in (e = 20): sqrt(4 x 400 / 20) / 2 = sqrt(80) / 2 = 4.4721 -> 4.47.
    // Bob 2nd after two rebuys (e = 60): sqrt(1600 / 60) / 3 = 5.164 / 3 = 1.7213 -> 1.72.
    // Cid 3rd (e = 20): 8.9443 / 4 = 2.2361 -> 2.24; Dan 4th: 8.9443 / 5 = 1.7889 -> 1.79. The
    // rebuys cost Bob more than two places.
    const t = night('t1', [p('Ann', 1), { ...p('Bob', 2), paid: 6_000 }, p('Cid', 3), p('Dan', 4)]);
    const s = standings({ tournaments: ['t1'], bestOf: null }, { kind: 'neau' }, [t]);
    assert.deepEqual(summary(s.rows), [
      [1, 'Ann', 4.47],
      [2, 'Cid', 2.24],
      [3, 'Dan', 1.79],
      [4, 'Bob', 1.72],
    ]);
  });

  it('best N: the earlier of two equal results counts', () => {
    // Table [5]: Ann wins t1 and t2 (5 each), best 1: t1 counts, t2 does not.
    const s = standings({ tournaments: ['t1', 't2'], bestOf: 1 }, { kind: 'table', points: [5] }, [night('t1', [p('Ann', 1)]), night('t2', [p('Ann', 1)])]);
    assert.deepEqual(s.rows[0]!.results.map((r) => [r.tournamentId, r.counted]), [['t1', true], ['t2', false]]);
    assert.equal(s.rows[0]!.points, 5);
  });
});

describe('formulas refused, nothing taken', () => {
  const refused = (expression: string) => {
    try {
      compileFormula({ kind: 'custom', expression });
    } catch (err) {
      assert.ok(err instanceof FormulaError, String(err));
      return [err.code, err.message];
    }
    assert.fail(`"${expression}" was accepted`);
  };

  it('does not parse', () => {
    const [code, message] = refused('n +')!;
    assert.equal(code, 'invalid-formula');
    assert.match(message!, /does not parse/);
    assert.equal(refused('(n - p')![0], 'invalid-formula');
    assert.equal(refused('')![0], 'invalid-formula');
  });

  it('divides by zero (10 / (p - 1) at 1st place)', () => {
    const [code, message] = refused('10 / (p - 1)')!;
    assert.equal(code, 'formula-divides-by-zero');
    assert.match(message!, /p = 1/);
    assert.equal(refused('n % (k - k)')![0], 'formula-divides-by-zero');
  });

  it('names, calls or builds what formulas do not have', () => {
    for (const bad of ['foo * 2', 'n.constructor', 'constructor', "'text'", 'eval(1)', 'this', '[1, 2]', 'n = 3', 'process.exit(1)', '__proto__']) {
      assert.equal(refused(bad)![0], 'invalid-formula', bad);
    }
    assert.match(refused('sqrt(1, 2)')![1]!, /sqrt takes 1 value/);
    assert.equal(refused('x'.repeat(301))![0], 'invalid-formula');
  });

  it('gives no number: the square root of a negative, the log of 0', () => {
    assert.match(refused('sqrt(n - 2 * p)')![1]!, /gives no number/);
    assert.equal(refused('log(k)')![0], 'invalid-formula');
  });

  it('what a typed formula may use', () => {
    const f = compileExpression('p <= 3 ? 2 ^ 3 ^ 2 / 64 : max(1, round(sqrt(n) * log(100)))');
    // p = 1: 2 ^ (3 ^ 2) / 64 = 512 / 64 = 8. p = 9, n = 49: max(1, round(7 x 2)) = 14.
    assert.equal(f({ n: 10, p: 1, b: 0, e: 0, prize: 0, k: 0, entries: 1 }), 8);
    assert.equal(f({ n: 49, p: 9, b: 0, e: 0, prize: 0, k: 0, entries: 1 }), 14);
  });
});

describe('names', () => {
  it('keys by the normalized name; public pages show the chosen form and a hash for the key', () => {
    assert.equal(normalizeName('  Jan   de VRIES '), 'jan de vries');
    assert.equal(nameKey('Jan de Vries'), nameKey(' jan  DE vries'));
    assert.equal(initials('Jan de Vries'), 'J.d.V.');
    assert.equal(shownName('Jan de Vries', 'k', 'full'), 'Jan de Vries');
    assert.equal(shownName('Jan de Vries', 'k', 'initials'), 'J.d.V.');
    assert.equal(shownName('Jan de Vries', 'k', 'nickname', (k) => (k === 'k' ? 'Jantje' : undefined)), 'Jantje');
    assert.equal(shownName('Jan de Vries', 'other', 'nickname', () => undefined), 'J.d.V.');
    assert.match(publicKey(nameKey('Jan de Vries'), 'venue secret'), /^[0-9a-f]{12}$/);
    assert.ok(!publicKey(nameKey('Jan de Vries'), 'venue secret').includes('jan'));
    // Keyed by the venue's secret: a guessed name's plain hash does not find him, another venue's key differs.
    assert.notEqual(publicKey(nameKey('Jan de Vries'), 'venue secret'), publicKey(nameKey('Jan de Vries'), 'another venue'));
  });
});

describe('the loader: a tournament state read as results', () => {
  it('one line per player: his best place, prizes and entries summed; a venue id or his normalized name as key', async () => {
    const { resultKey } = await import('../../server/leagues/results.js');
    assert.equal(resultKey({ id: 'p1', name: ' Jan  de VRIES' }, ''), 'name:jan de vries');
    // The player database's id (w-players: Player.venuePlayerId) wins over the name.
    assert.equal(resultKey({ id: 'p1', name: 'Jan', venuePlayerId: 'p_abc' } as never, ''), 'p_abc');
    // Erased players stay apart, one anonymous key each.
    const erased = (id: string) => resultKey({ id, name: 'Erased player', erased: true } as never, '', 't1');
    assert.notEqual(erased('p1'), erased('p2'));
  });
});

describe('a typed formula checked where it runs', () => {
  // One night of 7 entries (no sample field is 7) and one of 8.
  const seven = { ...night('t7', ['Ann', 'Bob', 'Cid', 'Dan', 'Eve', 'Fay', 'Gus'].map((name, i) => p(name, i + 1))), name: 'Tuesday 7' };
  const eight = night('t8', ['Ann', 'Bob', 'Cid', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal'].map((name, i) => p(name, i + 1)));
  const refusedAt = (expression: string, nights: TournamentResults[]) => {
    try {
      standings({ tournaments: nights.map((t) => t.tournamentId), bestOf: null }, { kind: 'custom', expression }, nights);
    } catch (err) {
      assert.ok(err instanceof FormulaError, String(err));
      return [err.code, err.message];
    }
    assert.fail(`"${expression}" scored`);
  };

  it('NaN for a night of seven: refused, naming the night and the place', () => {
    const [code, message] = refusedAt('n == 7 ? sqrt(0 - 1) : 1', [eight, seven])!;
    assert.equal(code, 'invalid-formula');
    // The first finish of the night of seven that is scored: place 1.
    assert.match(message!, /Night "Tuesday 7" \(t7\), place 1: The formula gives no number \(NaN\)/);
  });

  it('1e308 from 6th place on: beyond what a finish may score; refused when set, or where it runs', () => {
    assert.throws(() => compileFormula({ kind: 'custom', expression: 'p > 5 ? 1e308 : 1' }), /gives 1e\+308 for n = 9, p = 9/);
    const [, message] = refusedAt('n == 7 ? (p > 5 ? 1e308 : 1) : 1', [eight, seven])!;
    assert.match(message!, /Night "Tuesday 7" \(t7\), place 6: The formula gives 1e\+308/);
  });

  it('the same formulas score a field they give numbers for', () => {
    // A night of 5: n is not 7 and no place is past 5, so every finish scores 1.
    const five = night('t5', ['Ann', 'Bob', 'Cid', 'Dan', 'Eve'].map((name, i) => p(name, i + 1)));
    for (const expression of ['n == 7 ? sqrt(0 - 1) : 1', 'n == 7 ? (p > 5 ? 1e308 : 1) : 1']) {
      const made = standings({ tournaments: ['t5'], bestOf: null }, { kind: 'custom', expression }, [five]);
      assert.deepEqual(made.rows.map((r) => r.points), [1, 1, 1, 1, 1]);
    }
  });
});
