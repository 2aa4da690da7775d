/**
 * Set-up warnings: settings a rule preset's book rules out, which the TD may still choose (every
 * preset value stays editable per tournament, RULES.md). A warning never refuses anything; the
 * server answers it with the tournament's creation and `settings.set`, and the phone shows it at
 * set-up beside the field (one rule for both).
 *
 * - `rebuys-not-in-preset`: ONK's book marks TDA r27 (rebuys) "N.V.T voor het ONK Poker".
 */
import type { PresetId } from '../views.js';

export interface SetupWarning {
  code: 'rebuys-not-in-preset';
  /** The settings field it is about. */
  field: 'rebuy';
  message: string;
}

/** The warnings for a preset and the rebuy period chosen (null or absent: no rebuys). */
export function setupWarnings(preset: PresetId, settings: { rebuy?: unknown }): SetupWarning[] {
  const out: SetupWarning[] = [];
  if (preset === 'tda-2024-onk' && settings.rebuy != null) {
    out.push({ code: 'rebuys-not-in-preset', field: 'rebuy', message: 'The ONK book rules rebuys out ("TDA REGEL 27: Rebuy — N.V.T voor het ONK Poker"); this tournament sells them anyway.' });
  }
  return out;
}
