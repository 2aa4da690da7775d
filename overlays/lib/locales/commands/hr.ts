import type { CommandsTranslation } from './en.js';

/** Nazivi naredbi (hrvatski). */
export const commandsHr: CommandsTranslation = {
  clock: { start: 'Pokreni sat', pause: 'Zaustavi sat', resume: 'Nastavi sat', adjust: 'Promijeni vrijeme' },
  level: { next: 'Sljedeći level', previous: 'Prethodni level', set: 'Skoči na level' },
  entry: { add: 'Prijava', reenter: 'Re-entry', rebuy: 'Rebuy', addon: 'Add-on', bust: 'Ispadanje', undoBust: 'Poništi ispadanje' },
  chips: { set: 'Stanje žetona', colorUp: 'Color-up', count: 'Brojanje žetona stola' },
  handForHand: { start: 'Pokreni hand-for-hand', nextHand: 'Sljedeća ruka (hand-for-hand)', stop: 'Zaustavi hand-for-hand' },
  payouts: { set: 'Isplate' },
  deal: { propose: 'Izračun dogovora', apply: 'Dogovor' },
  penalty: { add: 'Kazna', clear: 'Ukini kaznu' },
  settings: { set: 'Postavke' },
  table: { add: 'Otvori stol', remove: 'Ukloni stol', seatOutOfUse: 'Mjesto izvan upotrebe', breakOrder: 'Redoslijed razbijanja stolova', break: 'Razbij stol', waiveHalt: 'Ukini zaustavljanje' },
  seating: { draw: 'Izvlačenje mjesta', undo: 'Poništi raspored' },
  seat: { assign: 'Posjedni igrača', move: 'Premjesti igrača', correct: 'Pogrešno mjesto' },
  button: { set: 'Postavi button', draw: 'Izvlačenje buttona' },
  hand: { next: 'Sljedeća ruka' },
  balance: { apply: 'Uravnoteži stolove' },
  finalTable: { form: 'Formiraj finalni stol' },
  stream: {
    feature: 'Istaknuti stol',
    show: 'Overlay uključen/isključen',
    lowerThird: 'Donja traka',
    hideLowerThird: 'Sakrij donju traku',
    ticker: 'Poruke ticker trake',
    replayAlert: 'Ponovi obavijest',
    delay: 'Kašnjenje streama',
  },
  player: { country: 'Država' },
  obs: { rules: { set: 'OBS pravila' } },
  playerClock: { start: 'Sat igrača', stop: 'Zaustavi sat igrača' },
};
