/**
 * The phone's toasts: the answers to what the TD did, and what the page must tell unasked (a
 * command not sent, the server's lost commands). A Lit ReactiveController, as
 * control/sticky-edges.ts: the root renders `render(true)` in the app bar's strip and
 * `render()` on the splash and the PIN pad; the styles stay the root's (riffle-control.styles.ts).
 *
 * Errors stay longer than the rest; a toast given `null` stays until tapped, and a tap dismisses
 * any toast sooner. The last three are kept (the strip shows two).
 */
import { html, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { repeat } from 'lit/directives/repeat.js';

export interface Toast {
  id: number;
  kind: 'ok' | 'error' | 'info';
  text: string;
}

export type ToastKind = Toast['kind'];

/** How to show a toast, for the controllers that report into the strip. */
export type ShowToast = (kind: ToastKind, text: string, ms?: number | null) => void;

export class ToastsController implements ReactiveController {
  private list: readonly Toast[] = [];
  /** Where floating toasts show: away from the control last used, so they never cover it. */
  private edge: 'top' | 'bottom' = 'top';
  private seq = 0;
  /** The control the TD last touched or focused (floating toasts keep clear of it). */
  private lastControl: Element | null = null;
  private readonly noteControl = (e: Event) => {
    const target = e.composedPath()[0];
    if (target instanceof Element) this.lastControl = target;
  };

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  get toasts(): readonly Toast[] {
    return this.list;
  }

  hostConnected(): void {
    this.host.addEventListener('pointerdown', this.noteControl, true);
    this.host.addEventListener('focusin', this.noteControl, true);
  }

  hostDisconnected(): void {
    this.host.removeEventListener('pointerdown', this.noteControl, true);
    this.host.removeEventListener('focusin', this.noteControl, true);
  }

  /**
   * Shows a toast for `ms` (errors longer; null: until tapped). Floating toasts show at the top,
   * or at the bottom when the control just used is in the upper half of the screen: the answer
   * never covers the button or field it answers.
   */
  readonly show: ShowToast = (kind, text, ms = kind === 'error' ? 6000 : 3500) => {
    const id = ++this.seq;
    const rect = this.lastControl?.isConnected ? this.lastControl.getBoundingClientRect() : null;
    if (this.list.length === 0 || rect) this.edge = rect && rect.top + rect.height / 2 < innerHeight / 2 ? 'bottom' : 'top';
    this.list = [...this.list.slice(-2), { id, kind, text }];
    this.host.requestUpdate();
    if (ms !== null) setTimeout(() => this.dismiss(id), ms);
  };

  dismiss(id: number): void {
    const next = this.list.filter((t) => t.id !== id);
    if (next.length === this.list.length) return;
    this.list = next;
    this.host.requestUpdate();
  }

  /**
   * `inBar`: in the app bar's own strip under its controls (issue 23: toasts covered the Break
   * table button and the levels sheet's header): the bar grows by the toasts and nothing is
   * under them; the last two show. Without the bar (splash, PIN pad) they float.
   */
  render(inBar = false) {
    return html`<div class="toasts ${inBar ? 'strip' : this.edge}" aria-live="polite">
      ${repeat(
        inBar ? this.list.slice(-2) : this.list,
        (t) => t.id,
        (t) => html`<div class="toast ${t.kind}" role=${t.kind === 'error' ? 'alert' : 'status'} @click=${() => this.dismiss(t.id)}>${t.text}</div>`,
      )}
    </div>`;
  }
}
