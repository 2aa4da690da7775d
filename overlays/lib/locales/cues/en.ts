/**
 * Floor cues on the venue display and the phone: the player clock ("calling the clock", RULES.md
 * "Player clock") and the dealer cues (TDA 2024 AP 7, AP 20).
 */
export const cuesEn = {
  onTheClock: 'On the clock',
  where: 'Table {{table}}, seat {{seat}}',
  /** What happens at zero, by house (rules.playerClockAtZero). */
  atZero: {
    'dead-facing-bet': 'At zero: facing a bet the hand is dead, otherwise checked',
    dead: 'At zero: the hand is dead',
  },
  timeUp: {
    'dead-facing-bet': 'Time! Facing a bet: the hand is dead. No bet: check.',
    dead: 'Time! The hand is dead.',
  },
  callClock: 'Clock',
  stopClock: 'Stop clock',
  dismiss: 'Dismiss',
  /** TDA 2024 AP 7: dealers stop pushing 90 s before a scheduled break or level change. */
  noPush: 'Dealers: no more pushes',
  levelIn: 'New level in {{time}}',
  breakIn: 'Break in {{time}}',
  /** TDA 2024 AP 20: at the start and within a minute after each break. */
  decks: 'Dealers, prepare your decks',
};
