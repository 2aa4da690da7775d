/**
 * Thin wrappers over the HTTP API (`fetchX`, like Home Assistant's src/data). Same origin, so
 * the httpOnly session cookie goes along by itself. They never throw: a network failure is an
 * answer with code `network-error`.
 */
import type { ClockStatus, ErrorBody, ItemView, LostCommands, Role } from './messages.js';

export type ApiResult<T> = { ok: true; value: T } | { ok: false; status: number; error: ErrorBody };

export interface TournamentSummary {
  id: string;
  name: string;
  status: ClockStatus;
  seq: number;
  current: ItemView;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function request<T>(method: Method, path: string, body?: unknown): Promise<ApiResult<T>> {
  return send<T>(method, path, body === undefined ? null : { type: 'application/json', data: JSON.stringify(body) });
}

/** A file's bytes as the body (a photo, a CSV), sent as they are with their type. */
export function upload<T>(method: Method, path: string, data: Blob, type: string): Promise<ApiResult<T>> {
  return send<T>(method, path, { type, data });
}

async function send<T>(method: Method, path: string, body: { type: string; data: string | Blob } | null): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === null ? {} : { 'content-type': body.type },
      body: body === null ? null : body.data,
    });
  } catch {
    return { ok: false, status: 0, error: { code: 'network-error', message: 'The server could not be reached.' } };
  }
  const json = (await res.json().catch(() => null)) as { error?: ErrorBody } | null;
  if (!res.ok) {
    return { ok: false, status: res.status, error: json?.error ?? { code: `http-${res.status}`, message: res.statusText || `HTTP ${res.status}` } };
  }
  return { ok: true, value: json as T };
}

/** Who this browser is signed in as (`viewer` when not paired). */
export const fetchMe = () => request<{ role: Role }>('GET', '/api/auth/me');

/** Pairs this browser with a PIN; the server sets the session cookie. */
export const pair = (pin: string) => request<{ ok: true; role: Role }>('POST', '/api/auth/pair', { pin });

export const logout = () => request<{ ok: true }>('POST', '/api/auth/logout', {});

/** The open tournaments, and any whose acknowledged commands were lost with the database's WAL (docs/RELIABILITY.md). */
export const fetchTournaments = () => request<{ tournaments: TournamentSummary[]; lostCommands?: LostCommands[] }>('GET', '/api/tournaments');

/** OBS of a tournament (docs/OBS.md): connect (TD), forget (TD), a scene, the studio-mode cut. */
export const obsConnect = (tournament: string, url: string, password: string) =>
  request<{ ok: true }>('PUT', `/api/tournaments/${encodeURIComponent(tournament)}/obs`, { url, password });
export const obsForget = (tournament: string) => request<{ ok: true }>('DELETE', `/api/tournaments/${encodeURIComponent(tournament)}/obs`);
export const obsScene = (tournament: string, scene: string) => request<{ ok: true }>('POST', `/api/tournaments/${encodeURIComponent(tournament)}/obs/scene`, { scene });
export const obsCut = (tournament: string) => request<{ ok: true }>('POST', `/api/tournaments/${encodeURIComponent(tournament)}/obs/transition`, {});
