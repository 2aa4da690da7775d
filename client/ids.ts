/**
 * Command ids: the server keeps each command's answer by id, so a command re-sent after a
 * reconnect with the same id is applied exactly once.
 *
 * crypto.getRandomValues, not crypto.randomUUID: randomUUID exists only in secure contexts,
 * and the panel is usually opened over plain http on the venue's LAN.
 */
export function newCommandId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return `ui-${hex}`;
}
