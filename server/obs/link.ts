/**
 * One connection to one OBS (obs-websocket 5, through obs-websocket-js), kept alive by itself:
 * reconnects with capped backoff and jitter (1 s to 30 s), a handshake that does not finish in
 * 10 s is given up, and every request must be answered within 5 s (ObsSession). A request left
 * unanswered ends the session, as a closed socket does: the requests still waiting fail, the
 * status says `not-responding` (`unreachable` after a close), and Riffle reconnects, since an obs-websocket session that hung once
 * is not trusted with the next action. A heartbeat (`GetVersion` every 5 s) makes an idle dead
 * connection such a request, so it is found within 10 s. After close code 4009 (wrong password)
 * or 4011 (kicked by OBS's user) it never reconnects by itself: it waits for new settings.
 *
 * Nothing here ever blocks a command: actions go into a queue that runs one at a time, each on
 * the session it was queued in. An action queued while not connected, or in a session that has
 * since ended, fails with `obs-unavailable` without reaching OBS (the bridge re-applies the
 * current state on reconnect instead of replaying stale actions).
 *
 * obs-websocket-js: the client the obs-websocket authors publish and keep in step with the
 * protocol (auth handshake, request ids, typed requests and events); the JSON flavour, so no
 * msgpack on the wire.
 */
import { OBSWebSocket, OBSWebSocketError } from 'obs-websocket-js/json';
import type { ObsConnectionState, ObsStatusView } from '../protocol/obs.js';
import { ObsRequestError, ObsSession } from './session.js';

export const OBS_TIMING = {
  backoffMinMs: 1_000,
  backoffMaxMs: 30_000,
  heartbeatMs: 5_000,
  /**
   * Every request (the heartbeat's too): OBS answers in milliseconds, so 5 s unanswered is a hung
   * OBS, and the producer's phone hears about it while the moment is still on.
   */
  requestTimeoutMs: 5_000,
  handshakeTimeoutMs: 10_000,
};
export type ObsTiming = typeof OBS_TIMING;

/** obs-websocket close codes (WebSocketCloseCode). */
const AUTHENTICATION_FAILED = 4009;
const SESSION_INVALIDATED = 4011;

export interface LinkEvents {
  /** The status changed (for the phone). */
  status(status: ObsStatusView): void;
  /** Connected and identified: the bridge re-applies the tournament's current state. */
  connected(): void;
}

export class ObsLink {
  private session: ObsSession | null = null;
  private _status: ObsStatusView;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Connection attempts made (for tests and the log). */
  attempts = 0;

  constructor(
    readonly url: string,
    private readonly password: string,
    private readonly events: LinkEvents,
    private readonly timing: ObsTiming = OBS_TIMING,
  ) {
    this._status = { state: 'connecting', url, scenes: [], studioMode: false, problems: [] };
    void this.open();
  }

  get status(): ObsStatusView {
    return this._status;
  }

  /** Whether a reconnect is scheduled (never after a wrong password or a kick). */
  get reconnecting(): boolean {
    return this.reconnectTimer !== null;
  }

  /**
   * Runs `job` against OBS after the jobs before it, on the session of now. Settles with the
   * job's result once OBS answered, or rejects with an ObsRequestError: `obs-unavailable` when
   * that session is gone by the job's turn (nothing is sent), else the request's own failure,
   * which the status shows as its last error too.
   */
  run<T>(job: (obs: ObsSession) => Promise<T>): Promise<T> {
    const session = this.connected ? this.session : null;
    const next = this.queue.then(async () => {
      if (!session || session !== this.session || session.isEnded) {
        throw new ObsRequestError('obs-unavailable', 'OBS is not connected (the connection dropped before this action\'s turn); Riffle is reconnecting to it.');
      }
      try {
        return await job(session);
      } catch (err) {
        this.error(err);
        throw err;
      }
    });
    // The queue goes on whatever this job did.
    this.queue = next.catch(() => {});
    return next;
  }

  /** As run(), for actions nobody waits for (rules, the re-apply): a failure is only in the status. */
  fire(job: (obs: ObsSession) => Promise<unknown>): void {
    this.run(job).catch(() => {});
  }

  update(patch: Partial<ObsStatusView>): void {
    this._status = { ...this._status, ...patch };
    this.events.status(this._status);
  }

  close(): void {
    this.closed = true;
    this.clearTimers();
    const session = this.session;
    this.session = null;
    session?.end(new ObsRequestError('obs-unavailable', 'The OBS settings changed before OBS answered.'));
    void session?.obs.disconnect().catch(() => {});
  }

  private get connected(): boolean {
    return this._status.state === 'connected';
  }

  private setState(state: ObsConnectionState): void {
    if (this._status.state !== state) this.update({ state });
  }

  private error(err: unknown): void {
    const message = err instanceof Error ? err.message : String(err);
    this.update({ lastError: { message: message.slice(0, 300), at: Date.now() } });
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /**
   * Gives `session` up (if still the current one): its waiting requests fail, the status says
   * `state` with `why`, and a reconnect is scheduled. The socket is closed in the background: a
   * hung OBS may never answer the close either.
   */
  private drop(session: ObsSession, why: string, state: 'unreachable' | 'not-responding' = 'unreachable'): void {
    if (this.session !== session) return;
    this.session = null;
    this.clearTimers();
    session.end(new ObsRequestError('obs-unavailable', `OBS did not confirm the action: ${why}; Riffle is reconnecting to it.`));
    void session.obs.disconnect().catch(() => {});
    if (this.closed) return;
    this.update({ state, lastError: { message: why.slice(0, 300), at: Date.now() } });
    this.scheduleReconnect();
  }

  private async open(): Promise<void> {
    if (this.closed) return;
    this.attempts++;
    this.setState('connecting');
    const obs = new OBSWebSocket();
    const session: ObsSession = new ObsSession(obs, this.timing.requestTimeoutMs, (request) =>
      this.drop(session, `OBS did not answer ${request} within ${this.timing.requestTimeoutMs / 1000} s`, 'not-responding'),
    );
    this.session = session;
    const giveUp = setTimeout(() => this.drop(session, `no handshake with OBS within ${this.timing.handshakeTimeoutMs / 1000} s`, 'not-responding'), this.timing.handshakeTimeoutMs);
    // Node's socket tells why a connect failed in its error event; the close after it says nothing.
    let socketError = '';
    obs.on('ConnectionError', (err: OBSWebSocketError) => (socketError = err.message || socketError));
    obs.on('ConnectionClosed', (err: OBSWebSocketError) => {
      if (this.session !== session) return;
      if (err.code === AUTHENTICATION_FAILED || err.code === SESSION_INVALIDATED) {
        this.session = null;
        this.clearTimers();
        session.end(new ObsRequestError('obs-unavailable', 'OBS closed the connection before it answered.'));
        if (this.closed) return;
        this.update(
          err.code === AUTHENTICATION_FAILED
            ? { state: 'wrong-password', lastError: { message: 'OBS refused the password: enter the one in OBS (Tools → WebSocket Server Settings).', at: Date.now() } }
            : { state: 'kicked', lastError: { message: 'OBS disconnected Riffle (kicked in OBS): save the settings again to reconnect.', at: Date.now() } },
        );
        return;
      }
      const why = err.message || socketError;
      this.drop(session, why ? `the connection to OBS closed (${why})` : 'the connection to OBS closed');
    });
    for (const [event, apply] of [
      ['CurrentProgramSceneChanged', (e: { sceneName: string }) => this.update({ programScene: e.sceneName })],
      ['SceneListChanged', (e: { scenes: Array<{ sceneName?: unknown }> }) => this.update({ scenes: sceneNames(e.scenes) })],
      ['StudioModeStateChanged', (e: { studioModeEnabled: boolean }) => this.update({ studioMode: e.studioModeEnabled })],
    ] as const) {
      obs.on(event as 'CurrentProgramSceneChanged', apply as (e: { sceneName: string }) => void);
    }
    try {
      const hello = await obs.connect(this.url, this.password || undefined);
      clearTimeout(giveUp);
      if (this.session !== session || this.closed) return;
      // `connected` only once OBS answered requests: a session that opens but hangs never says it.
      const [version, scenes, studio] = await Promise.all([session.call('GetVersion'), session.call('GetSceneList'), session.call('GetStudioModeEnabled')]);
      if (this.session !== session || this.closed) return;
      this.attempt = 0;
      this._status = {
        ...this._status,
        state: 'connected',
        obsVersion: version.obsVersion,
        obsWebSocketVersion: hello.obsWebSocketVersion,
        programScene: scenes.currentProgramSceneName,
        scenes: sceneNames(scenes.scenes),
        studioMode: studio.studioModeEnabled,
      };
      this.events.status(this._status);
      this.startHeartbeat(session);
      this.events.connected();
    } catch (err) {
      clearTimeout(giveUp);
      // A refused or failed connect also emits ConnectionClosed, which decides what follows (a
      // wrong password stops there); if it did not (the socket never opened), give up here.
      if (this.session === session) this.drop(session, err instanceof Error && err.message ? err.message : 'could not connect to OBS');
    }
  }

  /** An idle dead connection is found by a request going unanswered (ObsSession's deadline). */
  private startHeartbeat(session: ObsSession): void {
    this.heartbeat = setInterval(() => session.call('GetVersion').catch(() => {}), this.timing.heartbeatMs);
    this.heartbeat.unref?.();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    // Capped exponential backoff with full jitter: many Riffles never hammer one OBS in step.
    const ceiling = Math.min(this.timing.backoffMaxMs, this.timing.backoffMinMs * 2 ** this.attempt++);
    const delay = this.timing.backoffMinMs + Math.random() * (ceiling - this.timing.backoffMinMs);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.open();
    }, delay);
    this.reconnectTimer.unref?.();
  }
}

function sceneNames(scenes: Array<{ sceneName?: unknown }>): string[] {
  // OBS lists scenes bottom-up; the phone shows them as OBS's scene list does, top first.
  return scenes.map((s) => String(s.sceneName ?? '')).filter(Boolean).reverse();
}
