/**
 * Answers larger than one NATS message (the server's `max_payload`, 1 MB by default): a snapshot
 * of a big field, or the changes an edge missed, must still reach the edge, or its screens stop
 * where they are. Such an answer goes as a head `{"kind":"parts","parts":N,"bytes":B}` and then N
 * messages of raw bytes to the same reply subject, in order (one publisher, one subscriber: NATS
 * keeps their order). An answer that fits is sent as it is. The HTTP relay has its own head
 * (status, headers) and the same rule (http-relay.ts).
 */
import { createInbox, ErrorCode, NatsError, type Msg, type NatsConnection, type Subscription } from 'nats';

/** What a part leaves for NATS's own protocol line and headers. */
const HEAD_ROOM = 4 * 1024;
/** At most this many bytes are put together on the edge (a field far past any real one). */
export const PARTS_MAX_BYTES = 256 * 1024 * 1024;

const te = new TextEncoder();
const PARTS_PREFIX = te.encode('{"kind":"parts"');

function startsWithParts(data: Uint8Array): boolean {
  if (data.length < PARTS_PREFIX.length) return false;
  for (let i = 0; i < PARTS_PREFIX.length; i++) if (data[i] !== PARTS_PREFIX[i]) return false;
  return true;
}

/** Answers `msg` with `data`, in parts when it does not fit in one message of the server's `max_payload`. */
export function respondInParts(msg: Msg, data: Uint8Array, maxPayload: number, partBytes?: number): void {
  const size = partBytes ?? Math.max(1024, maxPayload - HEAD_ROOM);
  if (data.length <= size && !partBytes) {
    msg.respond(data);
    return;
  }
  const parts = Math.ceil(data.length / size);
  msg.respond(te.encode(JSON.stringify({ kind: 'parts', parts, bytes: data.length })));
  for (let i = 0; i < parts; i++) msg.respond(data.subarray(i * size, (i + 1) * size));
}

/**
 * A request whose answer may come in parts (respondInParts): resolves with the whole answer.
 * Rejects as `nc.request` does: a NatsError with ErrorCode.NoResponders when nobody listens on
 * the subject, ErrorCode.Timeout when no whole answer came within `timeoutMs`.
 */
export function requestInParts(nc: NatsConnection, subject: string, data: Uint8Array, timeoutMs: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const inbox = createInbox();
    let expected = -1;
    let total = 0;
    const parts: Uint8Array[] = [];
    let sub: Subscription | null = null;
    const finish = (result: Uint8Array | Error) => {
      clearTimeout(timer);
      sub?.unsubscribe();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const timer = setTimeout(() => finish(NatsError.errorForCode(ErrorCode.Timeout)), timeoutMs);
    sub = nc.subscribe(inbox, {
      callback: (err, msg) => {
        if (err) return finish(err);
        if (expected < 0) {
          // The server's "no responders": status 503 and no data.
          if (msg.data.length === 0 && msg.headers?.code === 503) return finish(NatsError.errorForCode(ErrorCode.NoResponders));
          if (!startsWithParts(msg.data)) return finish(msg.data);
          let head: { parts?: unknown; bytes?: unknown };
          try {
            head = JSON.parse(new TextDecoder().decode(msg.data)) as { parts?: unknown; bytes?: unknown };
          } catch {
            return finish(new Error('an answer in parts whose head does not parse'));
          }
          if (typeof head.parts !== 'number' || typeof head.bytes !== 'number' || head.bytes > PARTS_MAX_BYTES) return finish(new Error('an answer in parts too large or malformed'));
          expected = head.parts;
          return;
        }
        parts.push(msg.data);
        total += msg.data.length;
        if (total > PARTS_MAX_BYTES) return finish(new Error('an answer in parts too large'));
        if (parts.length < expected) return;
        const whole = new Uint8Array(total);
        let at = 0;
        for (const p of parts) {
          whole.set(p, at);
          at += p.length;
        }
        finish(whole);
      },
    });
    nc.publish(subject, data, { reply: inbox });
  });
}
