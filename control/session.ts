/**
 * The phone's session: who this phone is signed in as (the PIN pairing, the cookie's role,
 * sign-out). A Lit ReactiveController; the root owns the connection and hands it in, and is
 * told when a role is known (`signedIn`: it restores that role's queued commands and loads the
 * tournaments) and when the TD signs out.
 *
 * A `#pin=123456` fragment (the QR code the server prints) pairs at once and is then removed
 * from the address.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { fetchMe, logout, pair } from '../client/api.js';
import type { Connection, ConnectionStatus } from '../client/connection.js';
import type { ErrorBody, Role } from '../client/messages.js';

export interface SessionSource {
  connection(): Connection;
  /** A refusal in the phone's language (the command reporter's). */
  errorText(error: Pick<ErrorBody, 'code' | 'message'>): string;
  /** A role that may act is known: restore its commands, load the tournaments. */
  signedIn(role: Exclude<Role, 'viewer'>): Promise<void>;
  signedOut(): void;
}

export class SessionController implements ReactiveController {
  /** null while the session is being checked. */
  role: Role | null = null;
  /** A PIN is being checked. */
  pairing = false;
  /** Why the last PIN was refused, in the phone's language. */
  pairError: string | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly source: SessionSource,
  ) {
    host.addController(this);
  }

  /** Nothing to do when the root connects (the root starts the session once its connection exists). */
  hostConnected(): void {}

  /** At the page's start: the PIN in the address, else the cookie's session. */
  async start(): Promise<void> {
    const pin = /(?:^#|&)pin=(\d{6})(?:&|$)/.exec(location.hash)?.[1];
    if (pin) {
      // The PIN must not stay in the address bar, the history or a shared screenshot.
      history.replaceState(history.state, '', location.pathname + location.search);
      await this.pair(pin);
      if (this.role && this.role !== 'viewer') return;
    }
    await this.check();
  }

  /** The socket's status changed: a server that no longer knows this phone (session expired or revoked) sends it back to the PIN. */
  statusChanged(e: { status: ConnectionStatus; role?: Role }): void {
    if (e.status === 'online' && e.role === 'viewer' && this.role && this.role !== 'viewer') void this.check();
  }

  async check(): Promise<void> {
    const me = await fetchMe();
    const role = me.ok ? me.value.role : 'viewer';
    this.set({ role });
    if (role !== 'viewer') {
      const connection = this.source.connection();
      // A socket greeted with another role was opened before this cookie existed (or with an old one).
      if (connection.status === 'online' && connection.role !== role) connection.reconnect();
      await this.source.signedIn(role);
    }
  }

  async pair(pin: string): Promise<void> {
    this.set({ pairing: true, pairError: null });
    const answer = await pair(pin);
    if (!answer.ok) {
      this.set({ pairing: false, pairError: this.source.errorText(answer.error), role: this.role ?? 'viewer' });
      return;
    }
    const role = answer.value.role;
    this.set({ pairing: false, role });
    // Cookies are read when a socket opens: this one must be reopened to act as the TD.
    this.source.connection().reconnect();
    // After the reconnect: a restored command must go out on the TD's socket, not the viewer's.
    if (role !== 'viewer') await this.source.signedIn(role);
  }

  async signOut(): Promise<void> {
    await logout();
    this.set({ role: 'viewer' });
    this.source.signedOut();
    this.source.connection().reconnect();
  }

  private set(change: Partial<Pick<SessionController, 'role' | 'pairing' | 'pairError'>>): void {
    Object.assign(this, change);
    this.host.requestUpdate();
  }
}
