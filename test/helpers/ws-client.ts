/**
 * A real `ws` client that collects messages and lets a test wait for one. It speaks protocol v2
 * like the browser library: it says its version first (unless `hello: false`), and keeps each
 * tournament's state from snapshots and patches. For the tests' convenience a patch also gets
 * `changes`: the whole new view of each topic it changed, as the client now holds it.
 */
import WebSocket from 'ws';
import { PROTOCOL_VERSION, type PatchMessage, type ServerMessage } from '../../server/protocol/messages.js';
import { applyOps } from '../../server/protocol/ops.js';
import type { WireViews } from '../../server/protocol/views.js';

const HELLO_ID = '__hello';

/** A patch as the test client hands it out: with `changes` (not on the wire). */
export type TestPatch = PatchMessage & { changes: Partial<WireViews> };
export type TestMessage = Exclude<ServerMessage, PatchMessage> | TestPatch;

export class TestClient {
  readonly messages: TestMessage[] = [];
  private waiters: Array<{ match: (m: TestMessage) => boolean; resolve: (m: TestMessage) => void; reject: (e: Error) => void }> = [];
  closed: { code: number; reason: string } | null = null;
  /** Binary frames received; the protocol is text only (browsers would get Blobs). */
  binaryFrames = 0;

  /** Each tournament's state as this client holds it (snapshot, then patches applied). */
  readonly state = new Map<string, Partial<WireViews>>();
  /** Bytes of every text frame received, for size checks. */
  bytesReceived = 0;
  private readonly sizes = new WeakMap<object, number>();

  /** Bytes of a received message as it came on the wire. */
  bytesOf(msg: object): number {
    return this.sizes.get(msg) ?? 0;
  }

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) this.binaryFrames++;
      const text = String(data);
      this.bytesReceived += Buffer.byteLength(text);
      const msg = JSON.parse(text) as ServerMessage;
      this.sizes.set(msg, Buffer.byteLength(text));
      if (msg.type === 'result' && msg.id === HELLO_ID) return;
      if (msg.type === 'snapshot') this.state.set(msg.tournament, msg.state);
      if (msg.type === 'patch') {
        const next = applyOps(this.state.get(msg.tournament) ?? {}, msg.ops);
        this.state.set(msg.tournament, next);
        (msg as TestPatch).changes = Object.fromEntries(msg.ops.map((op) => [op.topic, next[op.topic]]));
      }
      this.messages.push(msg as TestMessage);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(msg as TestMessage)) return true;
        w.resolve(msg as TestMessage);
        return false;
      });
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
    });
  }

  static async connect(url: string, options: WebSocket.ClientOptions & { hello?: boolean } = {}): Promise<TestClient> {
    const { hello = true, ...wsOptions } = options;
    const ws = new WebSocket(url, wsOptions);
    const client = new TestClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    if (hello) client.send({ type: 'hello', id: HELLO_ID, protocol: PROTOCOL_VERSION });
    return client;
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** Resolves with the first message (already received or future) matching `match`. */
  next<T extends TestMessage['type']>(
    type: T,
    match: (m: Extract<TestMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<Extract<TestMessage, { type: T }>> {
    const test = (m: TestMessage) => m.type === type && match(m as Extract<TestMessage, { type: T }>);
    const seen = this.messages.find(test);
    if (seen) {
      this.messages.splice(this.messages.indexOf(seen), 1);
      return Promise.resolve(seen as Extract<TestMessage, { type: T }>);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${type}`)), timeoutMs);
      this.waiters.push({
        match: test,
        resolve: (m) => {
          clearTimeout(timer);
          this.messages.splice(this.messages.indexOf(m), 1);
          resolve(m as Extract<TestMessage, { type: T }>);
        },
        reject,
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}
