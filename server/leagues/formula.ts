/**
 * Points formulas (issue 27 item 3): the common ones clubs publish, and one the TD types.
 * docs/LEAGUES.md states each with its source. Pure: no I/O.
 *
 * A typed formula is parsed by jsep (a small, well-kept expression parser, no dependencies; it
 * builds a syntax tree and runs nothing) and evaluated here over a closed list of node types,
 * variables and functions: no `eval`, no `new Function`, no property access, no strings. Chosen
 * over expr-eval (unmaintained since 2019, with a 2025 advisory for code execution through its
 * function table) and filtrex (compiles to JavaScript source with `new Function`).
 */
import jsep from 'jsep';
import { FORMULA_VARIABLES, LEAGUE_LIMITS, type FormulaVariable, type PointsFormula } from '../protocol/leagues.js';

// `^` is power, as in a spreadsheet (jsep reads it as bitwise xor by default), right-associative
// and above * and /. jsep's operator table is global to the module: only this file uses jsep.
jsep.addBinaryOp('^', 11, true);

/** What one finish is scored from. Money in whole currency units (cents / 100). */
export interface PointsInput {
  /** Entries in the tournament (a re-entry is an entry: PPN r27). */
  n: number;
  /** Finishing place. */
  p: number;
  /** The buy-in less the fee (the prize-pool part, and the bounty part on a bounty night). */
  b: number;
  /** What this player paid less the fees: buy-ins, rebuys and add-ons, their bounty parts included. */
  e: number;
  /** What he won. */
  prize: number;
  /** Players he knocked out. */
  k: number;
  /** His entries (1 + re-entries). */
  entries: number;
}

export type FormulaErrorCode = 'invalid-formula' | 'formula-divides-by-zero';

/** Points of one finish at most this far from zero: beyond, totals and the hundredths overflow. */
export const POINTS_MAX = 1e9;

/** A formula that does not parse, names something unknown, divides by zero or gives no number. */
export class FormulaError extends Error {
  constructor(
    readonly code: FormulaErrorCode,
    message: string,
  ) {
    super(message);
  }
}

type Fn = (v: PointsInput) => number;

const FUNCTIONS: Record<string, { arity: [number, number]; fn: (...a: number[]) => number }> = {
  sqrt: { arity: [1, 1], fn: Math.sqrt },
  // `log` is base 10, as in a spreadsheet and in PokerStars' leader-board formula; `ln` natural.
  log: { arity: [1, 1], fn: Math.log10 },
  ln: { arity: [1, 1], fn: Math.log },
  exp: { arity: [1, 1], fn: Math.exp },
  abs: { arity: [1, 1], fn: Math.abs },
  round: { arity: [1, 1], fn: Math.round },
  floor: { arity: [1, 1], fn: Math.floor },
  ceil: { arity: [1, 1], fn: Math.ceil },
  pow: { arity: [2, 2], fn: Math.pow },
  min: { arity: [1, 10], fn: Math.min },
  max: { arity: [1, 10], fn: Math.max },
};

/** Most nodes in a typed formula (a bound on the work per result). */
const NODES_MAX = 200;

const bool = (x: boolean) => (x ? 1 : 0);

/**
 * Compiles a typed expression to a function of the variables: a tree of closures over the
 * syntax tree, checked node by node. Throws FormulaError `invalid-formula`.
 */
export function compileExpression(source: string): Fn {
  if (source.length > LEAGUE_LIMITS.expressionMax) throw new FormulaError('invalid-formula', `A formula has at most ${LEAGUE_LIMITS.expressionMax} characters.`);
  if (!source.trim()) throw new FormulaError('invalid-formula', 'The formula is empty.');
  let tree: jsep.Expression;
  try {
    tree = jsep(source);
  } catch (err) {
    throw new FormulaError('invalid-formula', `The formula does not parse: ${err instanceof Error ? err.message : String(err)}.`);
  }
  let nodes = 0;
  const known = FORMULA_VARIABLES.join(', ');
  const build = (node: jsep.Expression): Fn => {
    if (++nodes > NODES_MAX) throw new FormulaError('invalid-formula', `The formula is too long (more than ${NODES_MAX} parts).`);
    switch (node.type) {
      case 'Literal': {
        const value = (node as jsep.Literal).value;
        if (typeof value !== 'number') throw new FormulaError('invalid-formula', `Only numbers may be written in a formula, not ${String((node as jsep.Literal).raw).slice(0, 20)}.`);
        return () => value;
      }
      case 'Identifier': {
        const name = (node as jsep.Identifier).name;
        if ((FORMULA_VARIABLES as readonly string[]).includes(name)) return variable(name as FormulaVariable);
        if (name === 'pi') return () => Math.PI;
        throw new FormulaError('invalid-formula', `The formula names "${name.slice(0, 20)}", which is not one of ${known}.`);
      }
      case 'UnaryExpression': {
        const { operator, argument } = node as jsep.UnaryExpression;
        const a = build(argument);
        if (operator === '-') return (v) => -a(v);
        if (operator === '+') return a;
        if (operator === '!') return (v) => bool(!a(v));
        throw new FormulaError('invalid-formula', `The formula uses "${operator}", which formulas do not have.`);
      }
      case 'BinaryExpression': {
        const { operator, left, right } = node as jsep.BinaryExpression;
        const a = build(left);
        const b = build(right);
        switch (operator) {
          case '+': return (v) => a(v) + b(v);
          case '-': return (v) => a(v) - b(v);
          case '*': return (v) => a(v) * b(v);
          case '/':
          case '%':
            return (v) => {
              const d = b(v);
              if (d === 0) throw new FormulaError('formula-divides-by-zero', `The formula divides by zero (${describe(v)}).`);
              return operator === '/' ? a(v) / d : a(v) % d;
            };
          case '^':
          case '**': return (v) => Math.pow(a(v), b(v));
          case '<': return (v) => bool(a(v) < b(v));
          case '>': return (v) => bool(a(v) > b(v));
          case '<=': return (v) => bool(a(v) <= b(v));
          case '>=': return (v) => bool(a(v) >= b(v));
          case '==': case '===': return (v) => bool(a(v) === b(v));
          case '!=': case '!==': return (v) => bool(a(v) !== b(v));
          case '&&': return (v) => bool(a(v) !== 0 && b(v) !== 0);
          case '||': return (v) => bool(a(v) !== 0 || b(v) !== 0);
          default: throw new FormulaError('invalid-formula', `The formula uses "${operator}", which formulas do not have.`);
        }
      }
      case 'ConditionalExpression': {
        const { test, consequent, alternate } = node as jsep.ConditionalExpression;
        const t = build(test);
        const yes = build(consequent);
        const no = build(alternate);
        return (v) => (t(v) !== 0 ? yes(v) : no(v));
      }
      case 'CallExpression': {
        const { callee, arguments: args } = node as jsep.CallExpression;
        const name = callee.type === 'Identifier' ? (callee as jsep.Identifier).name : '';
        const f = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name]! : null;
        if (!f) throw new FormulaError('invalid-formula', `The formula calls "${name.slice(0, 20) || '(…)'}"; the functions are ${Object.keys(FUNCTIONS).join(', ')}.`);
        if (args.length < f.arity[0] || args.length > f.arity[1]) throw new FormulaError('invalid-formula', `${name} takes ${f.arity[0] === f.arity[1] ? f.arity[0] : `${f.arity[0]} to ${f.arity[1]}`} value(s), not ${args.length}.`);
        const parts = args.map(build);
        const [a, b] = parts;
        if (parts.length === 1) return (v) => f.fn(a!(v));
        if (parts.length === 2) return (v) => f.fn(a!(v), b!(v));
        return (v) => f.fn(...parts.map((p) => p(v)));
      }
      default:
        throw new FormulaError('invalid-formula', 'The formula has something other than numbers, the variables, operators and functions.');
    }
  };
  return build(tree);
}

/** One monomorphic read per variable (a keyed read by a name held in a closure is slower). */
function variable(name: FormulaVariable): Fn {
  switch (name) {
    case 'n': return (v) => v.n;
    case 'p': return (v) => v.p;
    case 'b': return (v) => v.b;
    case 'e': return (v) => v.e;
    case 'prize': return (v) => v.prize;
    case 'k': return (v) => v.k;
    case 'entries': return (v) => v.entries;
  }
}

function describe(v: PointsInput): string {
  return `n = ${v.n}, p = ${v.p}, b = ${v.b}, e = ${v.e}, prize = ${v.prize}, k = ${v.k}`;
}

/**
 * Inputs a formula is tried on before it is taken: small and large fields, first and last
 * places, money won or not, knockouts or not (buy-in 20, a rebuy or not). A freeroll (b = 0) is
 * not among them: Dr. Neau's formula as clubs type it divides by e, which a freeroll makes 0; such
 * a result scores 0 with a warning (standings.ts).
 */
export function sampleInputs(): PointsInput[] {
  const out: PointsInput[] = [];
  for (const n of [2, 9, 150, 3000]) {
    for (const p of [...new Set([1, 2, Math.ceil(n / 2), n])]) {
      for (const [e, entries] of [[20, 1], [60, 3]] as const) {
        for (const k of [0, 3]) out.push({ n, p, b: 20, e, prize: p === 1 ? 10 * n : 0, k, entries });
      }
    }
  }
  return out;
}

/** Points of one finish (before knockouts), for the formula's kind. */
function baseOf(formula: PointsFormula): Fn {
  switch (formula.kind) {
    case 'table': {
      const { points, participation = 0 } = formula;
      return (v) => points[v.p - 1] ?? participation;
    }
    case 'linear':
      return (v) => v.n - v.p + 1;
    case 'sqrt': {
      const scale = formula.scale ?? 10;
      const share = formula.topShare ?? 1;
      const buyIn = formula.buyIn === true;
      // PokerStars TLB: 10 x sqrt(n)/sqrt(k) x (1 + log10(b + 0.25)), top 15 % only.
      return (v) => (v.p > Math.max(1, Math.ceil(v.n * share)) ? 0 : scale * (Math.sqrt(v.n) / Math.sqrt(v.p)) * (buyIn ? 1 + Math.log10(v.b + 0.25) : 1));
    }
    case 'neau':
      // sqrt(n b b / e) / (p + 1); a freeroll (b = e = 0) scores as if b = e.
      return (v) => (v.e > 0 ? Math.sqrt((v.n * v.b * v.b) / v.e) : Math.sqrt(v.n)) / (v.p + 1);
    case 'custom':
      return compileExpression(formula.expression);
  }
}

/**
 * A formula ready to score finishes: its points for one place plus `knockoutPoints` per
 * knockout. Throws FormulaError when it does not parse, or when on any of sampleInputs it
 * divides by zero or gives no finite number: the formula is refused and nothing changes.
 */
export function compileFormula(formula: PointsFormula): Fn {
  const base = baseOf(formula);
  const perKnockout = formula.knockoutPoints ?? 0;
  const raw: Fn = perKnockout ? (v) => base(v) + perKnockout * v.k : base;
  // Checked at every evaluation, not only on the samples: `n == 7 ? sqrt(0 - 1) : 1` passes
  // them all and gives NaN for a night of seven.
  const points: Fn = (v) => {
    const x = raw(v);
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new FormulaError('invalid-formula', `The formula gives no number (${String(x)}) for ${describe(v)}.`);
    if (Math.abs(x) > POINTS_MAX) throw new FormulaError('invalid-formula', `The formula gives ${String(x)} for ${describe(v)}, beyond the ${POINTS_MAX.toExponential()} points a finish may have.`);
    return x;
  };
  for (const v of sampleInputs()) points(v);
  return points;
}

/** A result's points, to the hundredth (half away from zero): totals add up to what is shown. */
export function roundPoints(x: number): number {
  return Math.sign(x) * Math.round(Math.abs(x) * 100 + 1e-9) / 100;
}
