/**
 * The TD's player records (docs/API.md "Players"), as thin `fetchX` wrappers over
 * client/api.ts's `request`: a record with his tournaments, edit, photo, merge, erase, and a CSV
 * file's preview and import. Never throw. (The search the floor registers from is
 * control/player-register/venue-players.ts.)
 */
import { request, upload } from './api.js';
import type { ImportPreview, PlayerInput, PlayerRecord, PlayerResult, PlayerSearchAnswer } from '../server/protocol/players.js';

export type { ImportPreview, PlayerInput, PlayerRecord, PlayerResult };

const player = (id: string) => `/api/players/${encodeURIComponent(id)}`;

export interface PlayerWithResults {
  ok: true;
  player: PlayerRecord;
  results: PlayerResult[];
}

export const searchPlayers = (q: string) => request<PlayerSearchAnswer>('GET', `/api/players?q=${encodeURIComponent(q)}`);
export const fetchPlayer = (id: string) => request<PlayerWithResults>('GET', player(id));
export const updatePlayer = (id: string, input: PlayerInput) => request<{ ok: true; player: PlayerRecord }>('PATCH', player(id), input);
export const uploadPhoto = (id: string, file: Blob) => upload<{ ok: true; player: PlayerRecord }>('PUT', `${player(id)}/photo`, file, file.type || 'application/octet-stream');
export const removePhoto = (id: string) => request<{ ok: true; player: PlayerRecord }>('DELETE', `${player(id)}/photo`);
/** `from` is a duplicate of `into`: `into` stays, with both histories. */
export const mergePlayer = (from: string, into: string) => request<PlayerWithResults & { merged: string }>('POST', `${player(from)}/merge`, { into });
export const erasePlayer = (id: string) => request<{ ok: true; erased: string; tournaments: string[] }>('DELETE', player(id));
export const previewImport = (file: Blob) => upload<ImportPreview>('POST', '/api/players/import?preview=1', file, 'text/csv');
export const importPlayers = (file: Blob) => upload<{ ok: true; created: number; updated: number }>('POST', '/api/players/import', file, 'text/csv');
/** The export is a download link: the session cookie goes with it. */
export const PLAYERS_EXPORT = '/api/players/export.csv';
