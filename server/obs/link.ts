/**
 * One connection to one OBS (obs-websocket 5, through obs-websocket-js), kept alive by itself:
 * reconnects with capped backoff and jitter (1 s to 30 s), a heartbeat (`GetVersion` every 5 s,
 * answered within 10 s) finds a dead connection within 15 s, a handshake that does not finish
 * in 10 s is given up. After close code 4009 (wrong password) or 4011 (kicked by OBS's user) it
 * never reconnects by itself: it waits for new settings.
 *
 * Nothing here ever blocks a command: actions go into a queue that runs one at a time while
 * connected and is dropped while not (the bridge re-applies the current state on reconnect
 * instead of replaying stale actions).
 *
 * obs-websocket-js: the client the obs-websocket authors publish and keep in step with the
 * protocol (auth handshake, request ids, typed requests and events); the JSON flavour, so no
 * msgpack on the wire.
 */
import { OBSWebSocket, OBSWebSocketError } from 'obs-websocket-js/json';
import type { ObsConnectionState, ObsStatusView } from '../protocol/obs.js';

export const OBS_TIMING = {
  backoffMinMs: 1_000,
  backoffMaxMs: 30_000,
  heartbeatMs: 5_000,
  /** A heartbeat unanswered this long: the connection is dead (with the interval: within 15 s). */
  heartbeatTimeoutMs: 10_000,
  handshakeTimeoutMs: 10_000,
} as const;

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
  private obs: OBSWebSocket | null = null;
  private _status: ObsStatusView;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  /** Connection attempts made (for tests and the log). */
  attempts = 0;

  constructor(
    readonly url: string,
    private readonly password: string,
    private readonly events: LinkEvents,
  ) {
    this._status = { state: 'connecting', url, scenes: [], studioMode: false, problems: [] };
    this.open();
  }

  get status(): ObsStatusView {
    return this._status;
  }

  /** Whether a reconnect is scheduled (never after a wrong password or a kick). */
  get reconnecting(): boolean {
    return this.reconnectTimer !== null;
  }

  /** Runs `job` against OBS after the jobs before it; skipped unless connected. Never throws. */
  run(job: (obs: OBSWebSocket) => Promise<unknown>): Promise<void> {
    const next = this.queue.then(async () => {
      const obs = this.obs;
      if (!obs || this._status.state !== 'connected') return;
      try {
        await job(obs);
      } catch (err) {
        this.error(err);
      }
    });
    this.queue = next;
    return next;
  }

  update(patch: Partial<ObsStatusView>): void {
    this._status = { ...this._status, ...patch };
    this.events.status(this._status);
  }

  close(): void {
    this.closed = true;
    this.clearTimers();
    const obs = this.obs;
    this.obs = null;
    void obs?.disconnect().catch(() => {});
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

  private async open(): Promise<void> {
    if (this.closed) return;
    this.attempts++;
    this.setState('connecting');
    const obs = new OBSWebSocket();
    this.obs = obs;
    let settled = false;
    const giveUp = setTimeout(() => {
      if (settled) return;
      this.error(new Error(`no handshake with OBS within ${OBS_TIMING.handshakeTimeoutMs / 1000} s`));
      void obs.disconnect().catch(() => {});
    }, OBS_TIMING.handshakeTimeoutMs);
    obs.on('ConnectionClosed', (err: OBSWebSocketError) => {
      if (this.obs !== obs) return;
      this.obs = null;
      this.clearTimers();
      if (this.closed) return;
      if (err.code === AUTHENTICATION_FAILED) {
        this.update({ state: 'wrong-password', lastError: { message: 'OBS refused the password: enter the one in OBS (Tools → WebSocket Server Settings).', at: Date.now() } });
        return;
      }
      if (err.code === SESSION_INVALIDATED) {
        this.update({ state: 'kicked', lastError: { message: 'OBS disconnected Riffle (kicked in OBS): save the settings again to reconnect.', at: Date.now() } });
        return;
      }
      this.setState('unreachable');
      if (err.message) this.error(err);
      this.scheduleReconnect();
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
      settled = true;
      clearTimeout(giveUp);
      if (this.obs !== obs || this.closed) return;
      const [version, scenes, studio] = await Promise.all([obs.call('GetVersion'), obs.call('GetSceneList'), obs.call('GetStudioModeEnabled')]);
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
      this.startHeartbeat(obs);
      this.events.connected();
    } catch (err) {
      settled = true;
      clearTimeout(giveUp);
      // A refused or failed connect also emits ConnectionClosed, which decides what follows;
      // if it did not (the socket never opened), try again here.
      if (this.obs === obs && !(err instanceof OBSWebSocketError && (err.code === AUTHENTICATION_FAILED || err.code === SESSION_INVALIDATED))) {
        this.error(err);
        if (this._status.state === 'connecting') {
          this.obs = null;
          this.setState('unreachable');
          this.scheduleReconnect();
        }
      }
    }
  }

  private startHeartbeat(obs: OBSWebSocket): void {
    this.heartbeat = setInterval(() => {
      const timer = setTimeout(() => {
        // No answer: the connection is dead though no close arrived (OBS frozen, cable out).
        if (this.obs !== obs) return;
        this.error(new Error(`OBS did not answer for ${OBS_TIMING.heartbeatTimeoutMs / 1000} s`));
        this.obs = null;
        this.clearTimers();
        void obs.disconnect().catch(() => {});
        this.setState('unreachable');
        this.scheduleReconnect();
      }, OBS_TIMING.heartbeatTimeoutMs);
      obs.call('GetVersion').then(
        () => clearTimeout(timer),
        () => {},
      );
    }, OBS_TIMING.heartbeatMs);
    this.heartbeat.unref?.();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    // Capped exponential backoff with full jitter: many Riffles never hammer one OBS in step.
    const ceiling = Math.min(OBS_TIMING.backoffMaxMs, OBS_TIMING.backoffMinMs * 2 ** this.attempt++);
    const delay = OBS_TIMING.backoffMinMs + Math.random() * (ceiling - OBS_TIMING.backoffMinMs);
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
