/**
 * Commands named for the TD: "Bust — Anna". Used when a command kept across a reload is
 * confirmed or refused (the page that sent it is gone), or is dropped for its age.
 *
 * The subject (the player's name) is taken when the command is made, from the players the
 * panel shows then: after a reload the names are not loaded yet, and a busted entry's name
 * is what the TD remembers pressing.
 */
import type { PendingCommand } from '../client/commands.js';
import type { Localizer, TranslationKey } from '../web/lib/i18n.js';
import type { Command, CommandType } from '../client/messages.js';
import type { PlayersView } from '../server/protocol/entries-views.js';

/** Does not compile when a command type has no name in locales/commands/en.ts. */
const labelKey = (type: CommandType): TranslationKey => `commands.${type}`;

/** The players a command concerns, by name ("Anna, Bram"); undefined for table or clock commands. */
export function commandSubject(command: Command, players: PlayersView | null): string | undefined {
  const args = command as { name?: unknown; entryId?: unknown; entryIds?: unknown; playerId?: unknown };
  if (typeof args.name === 'string') return args.name;
  const entries = players?.entries ?? [];
  const byEntry = (id: unknown) => entries.find((e) => e.id === id)?.name;
  let names: Array<string | undefined> = [];
  if (Array.isArray(args.entryIds)) names = args.entryIds.map(byEntry);
  else if (args.entryId !== undefined) names = [byEntry(args.entryId)];
  else if (args.playerId !== undefined) names = [entries.find((e) => e.playerId === args.playerId)?.name];
  const known = names.filter((n): n is string => n !== undefined);
  return known.length ? known.join(', ') : undefined;
}

/** "Bust — Anna", or "Pause clock". A type this version does not know is shown as it is. */
export function commandLabel(l10n: Localizer, command: Pick<PendingCommand, 'type' | 'subject'>): string {
  const key = labelKey(command.type as CommandType);
  const text = l10n.t(key);
  const name = text === key ? command.type : text;
  return command.subject ? `${name} — ${command.subject}` : name;
}

/**
 * The toasts for commands dropped unsent for their age: one for those that never left the
 * phone, one for those that were sent but never answered (the server may have applied them,
 * so the TD is asked to check rather than told they did not happen).
 */
export function expiredTexts(l10n: Localizer, commands: readonly PendingCommand[], maxAgeMs: number): string[] {
  const minutes = l10n.number(Math.round(maxAgeMs / 60_000));
  const list = (sent: boolean) =>
    commands
      .filter((c) => c.sent === sent)
      .map((c) => commandLabel(l10n, c))
      .join('; ');
  const texts: string[] = [];
  const unsent = list(false);
  const unconfirmed = list(true);
  if (unsent) texts.push(l10n.t('control.expired', { minutes, list: unsent }));
  if (unconfirmed) texts.push(l10n.t('control.expiredUnconfirmed', { minutes, list: unconfirmed }));
  return texts;
}
