/**
 * The set-up routes (issue 14, docs/API.md "Set-up"), as thin `fetchX` wrappers over
 * client/api.ts's `request`: the TD's list of tournaments, creating, a tournament's set-up, and
 * the structure tools (templates, suggest, check, import, export). Never throw.
 */
import { request } from './api.js';
import type { ClockStatus, ItemView } from './messages.js';
import type { ErrorIssue } from '../server/protocol/errors.js';
import type { TournamentSettings } from '../server/engine/state.js';
import type { StructureItem } from '../server/engine/structure.js';
import type { ColorUpPoint } from '../server/engine/money/colorup.js';
import type { CreateTournament, SuggestRequest } from '../server/protocol/tournament.js';

export type { StructureItem, ColorUpPoint, ErrorIssue };

export interface TournamentListItem {
  id: string;
  name: string;
  status: ClockStatus;
  current: ItemView;
  createdAt: number;
  entries: number;
  finished: boolean;
  archived: boolean;
  /** On PostgreSQL: the host that owns it (null while it changes hosts); absent on SQLite. */
  owner?: string | null;
}

export interface TournamentSetup {
  id: string;
  name: string;
  preset: TournamentSettings['preset'];
  settings: Omit<TournamentSettings, 'name' | 'preset'>;
  structure: StructureItem[];
  clock: { status: ClockStatus; index: number };
}

export interface StructureTemplateView {
  id: 'turbo' | 'regular' | 'deepstack';
  startingStack: number;
  chipSet: number[];
  structure: StructureItem[];
}

export interface StructureCheck {
  ok: boolean;
  issues: ErrorIssue[];
  colorUps: ColorUpPoint[];
}

const tournament = (id: string) => `/api/tournaments/${encodeURIComponent(id)}`;

/** Every tournament, archived ones included (the TD's list). */
export const fetchAllTournaments = () => request<{ tournaments: TournamentListItem[] }>('GET', '/api/tournaments?archived=1');
export const createTournament = (input: CreateTournament) => request<{ ok: true; id: string }>('POST', '/api/tournaments', input);
export const fetchSetup = (id: string) => request<TournamentSetup>('GET', `${tournament(id)}/setup`);
export interface PresetView {
  id: TournamentSettings['preset'];
  name: string;
  source: string;
  rules: TournamentSettings['rules'];
}

export const fetchPresets = () => request<{ presets: PresetView[] }>('GET', '/api/structures/presets');
export const fetchTemplates = () => request<{ templates: StructureTemplateView[] }>('GET', '/api/structures/templates');
export const suggestStructure = (input: SuggestRequest) => request<{ ok: true; structure: StructureItem[] }>('POST', '/api/structures/suggest', input);
export const checkStructure = (structure: StructureItem[], chipSet: number[] | null) => request<StructureCheck>('POST', '/api/structures/check', { structure, chipSet });
export const importStructureFile = (text: string, fileName: string) =>
  request<{ ok: true; structure: StructureItem[] }>('POST', '/api/structures/import', { text, fileName });

/** The structure as a file's text (JSON or CSV), to download. */
export async function exportStructureFile(structure: StructureItem[], format: 'json' | 'csv'): Promise<string | null> {
  try {
    const res = await fetch('/api/structures/export', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ structure, format }) });
    return res.ok ? await res.text() : null;
  } catch {
    return null;
  }
}
