/**
 * A tournament's line in the lists (the lobby, the TD's list of tournaments) and the festival's
 * list on PostgreSQL: every tournament of the cluster, whichever process owns it. The owner
 * writes each of its tournaments' summary into PostgreSQL (`leases.summary`, at most once
 * a renewal round and only when its seq moved: server/host/pg/festival.ts); any process lists
 * its own from memory and the others' from there, each with its owner.
 */
import { isFinished } from '../engine/end.js';
import type { ClockStatus } from '../protocol/views.js';
import type { TournamentHost } from './tournament-host.js';

export interface TournamentSummary {
  id: string;
  name: string;
  status: ClockStatus;
  seq: number;
  current: unknown;
  createdAt: number;
  entries: number;
  finished: boolean;
  archived: boolean;
  /** The process that holds its lease (null on SQLite's single process, or while no one does). */
  owner?: string | null;
}

export function summary(host: TournamentHost): TournamentSummary {
  const clock = host.view('clock');
  const { state } = host;
  return {
    id: host.id,
    name: state.settings.name,
    status: clock.status,
    seq: host.seq,
    current: clock.current,
    // For the TD's list of tournaments: when, how big, and whether it is done.
    createdAt: state.createdAt,
    entries: state.entries.entries.length,
    finished: isFinished(state),
    archived: state.archived === true,
  };
}

/** A tournament of the cluster as PostgreSQL has it (server/host/pg/festival.ts). */
export interface FestivalRow {
  id: string;
  name: string;
  seq: number;
  createdAt: number;
  /** What its owner last wrote (null before its first round). */
  summary: TournamentSummary | null;
  /** Who holds its lease now (null: no one, it is changing hosts). */
  owner: string | null;
}

/** Where the other processes' tournaments are read (PostgreSQL), and who this process is. */
export interface Festival {
  readonly owner: string;
  rows(): Promise<FestivalRow[]>;
}

/**
 * This process's tournaments and, with a festival, every other one of the cluster; ordered by
 * creation. PostgreSQL unreachable: this process's own, and `incomplete` says why.
 */
export async function festivalList(registry: { list(): TournamentHost[] }, festival: Festival | undefined): Promise<{ tournaments: TournamentSummary[]; incomplete?: string }> {
  const own = registry.list().map((host) => ({ ...summary(host), ...(festival ? { owner: festival.owner } : {}) }));
  if (!festival) return { tournaments: own };
  let rows: FestivalRow[];
  try {
    rows = await festival.rows();
  } catch {
    return { tournaments: own, incomplete: 'PostgreSQL cannot be reached: only the tournaments of this server are listed.' };
  }
  const here = new Set(own.map((t) => t.id));
  const others = rows
    .filter((row) => !here.has(row.id))
    .map((row): TournamentSummary =>
      row.summary
        ? { ...row.summary, owner: row.owner }
        : { id: row.id, name: row.name, status: 'idle' as ClockStatus, seq: row.seq, current: null, createdAt: row.createdAt, entries: 0, finished: false, archived: false, owner: row.owner },
    );
  return { tournaments: [...own, ...others].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id)) };
}
