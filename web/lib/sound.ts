/**
 * The clock's sound signals, synthesised with WebAudio: no audio files to fetch, license or
 * cache, and they work on a LAN without internet.
 *
 * TDA 2024 r23: the new level is announced by the TD or by the clock's sound signal, so the
 * clock makes a sound at every level change (a rising chime; a falling one when a break
 * starts). A different, shorter signal warns one minute before the level ends.
 *
 * Browsers start audio only after a user gesture on the page. Screens show a small
 * "click to enable sound" badge until a click or key press unlocks it. Kiosk TVs have nobody to
 * click: start Chromium with `--autoplay-policy=no-user-gesture-required` (with `--kiosk`), and
 * the AudioContext runs from the start and the badge never shows.
 */
import { WARNING_MS, type LiveClock } from '../../client/clock.js';

/**
 * `tick`: one second of a player clock's counted-down part (PPN r29 "de laatste vijf seconden
 * ... countdown"; HR "odbrojava na glas"); `time`: the player clock reached zero.
 */
export type Signal = 'level' | 'break' | 'warning' | 'ended' | 'tick' | 'time';

/** Fired when audio becomes allowed. */
export class SoundUnlockedEvent extends Event {
  constructor() {
    super('unlocked');
  }
}

interface Note {
  /** Start, seconds after the signal starts. */
  at: number;
  hz: number;
  /** Decay time in seconds. */
  length: number;
  /** Peak gain, 0..1. */
  gain: number;
  type: OscillatorType;
}

/** A bell-like note: a fundamental and a quieter octave, fast attack, exponential decay. */
const bell = (at: number, hz: number, length = 1.4, gain = 0.32): Note[] => [
  { at, hz, length, gain, type: 'sine' },
  { at, hz: hz * 2, length: length * 0.6, gain: gain * 0.35, type: 'sine' },
  { at, hz: hz * 3, length: length * 0.3, gain: gain * 0.12, type: 'triangle' },
];

const G5 = 783.99;
const C6 = 1046.5;
const E6 = 1318.51;
const A5 = 880;
const C5 = 523.25;
const G4 = 392;

/** Each signal as notes; the level chime plays twice so a noisy room notices it. */
const SIGNALS: Record<Signal, Note[]> = {
  level: [0, 1.1].flatMap((t) => [...bell(t, G5), ...bell(t + 0.16, C6), ...bell(t + 0.32, E6, 1.8)]),
  break: [0, 1.1].flatMap((t) => [...bell(t, E6), ...bell(t + 0.16, C6), ...bell(t + 0.32, G5, 1.8)]),
  warning: [
    { at: 0, hz: A5, length: 0.22, gain: 0.3, type: 'square' },
    { at: 0.3, hz: A5, length: 0.22, gain: 0.3, type: 'square' },
  ],
  ended: [...bell(0, C5, 2.5), ...bell(0, G4, 2.5, 0.25), ...bell(0.5, C5, 3, 0.25)],
  tick: [{ at: 0, hz: C6, length: 0.12, gain: 0.28, type: 'square' }],
  time: [
    { at: 0, hz: A5, length: 0.5, gain: 0.32, type: 'square' },
    { at: 0, hz: A5 / 2, length: 0.6, gain: 0.2, type: 'sawtooth' },
  ],
};

export class Chime extends EventTarget {
  private ctx: AudioContext | null = null;
  private _unlocked = false;
  private readonly onGesture = () => void this.unlock();

  constructor() {
    super();
    if (typeof AudioContext === 'undefined') return;
    try {
      this.ctx = new AudioContext();
    } catch {
      return;
    }
    // Already running: the autoplay policy allows sound without a gesture (kiosk flag, or the
    // site was granted autoplay).
    if (this.ctx.state === 'running') this._unlocked = true;
    else {
      window.addEventListener('pointerdown', this.onGesture, true);
      window.addEventListener('keydown', this.onGesture, true);
    }
  }

  /** False until the browser allows this page to play sound. */
  get unlocked(): boolean {
    return this._unlocked;
  }

  /** Available at all (WebAudio exists). */
  get available(): boolean {
    return this.ctx !== null;
  }

  /** Call from a user gesture (click, key press). */
  async unlock(): Promise<void> {
    if (!this.ctx || this._unlocked) return;
    try {
      await this.ctx.resume();
    } catch {
      return;
    }
    if (this.ctx.state !== 'running') return;
    this._unlocked = true;
    window.removeEventListener('pointerdown', this.onGesture, true);
    window.removeEventListener('keydown', this.onGesture, true);
    this.dispatchEvent(new SoundUnlockedEvent());
  }

  play(signal: Signal): void {
    const ctx = this.ctx;
    if (!ctx || !this._unlocked) return;
    const start = ctx.currentTime + 0.02;
    for (const note of SIGNALS[signal]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = note.type;
      osc.frequency.value = note.hz;
      const t0 = start + note.at;
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(note.gain, t0 + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + note.length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t0 + note.length + 0.05);
    }
  }

  dispose(): void {
    window.removeEventListener('pointerdown', this.onGesture, true);
    window.removeEventListener('keydown', this.onGesture, true);
    void this.ctx?.close();
    this.ctx = null;
  }
}


/**
 * The signal due between two consecutive renders of the same clock, or null. Driven by what
 * is shown, not by server events, so the local flip at `endsAt` sounds once and the server's
 * patch that confirms it a moment later does not sound again.
 */
export function signalBetween(prev: LiveClock | null, next: LiveClock): Signal | null {
  if (!prev) return null;
  if (next.status === 'ended' && prev.status !== 'ended') return 'ended';
  if (next.current.index !== prev.current.index) return next.current.break ? 'break' : 'level';
  if (prev.status === 'running' && next.status === 'running' && prev.remainingMs > WARNING_MS && next.remainingMs <= WARNING_MS && next.remainingMs > 0) {
    return 'warning';
  }
  return null;
}
