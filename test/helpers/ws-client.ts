/** A real `ws` client that collects messages and lets a test wait for one. */
import WebSocket from 'ws';
import type { ServerMessage } from '../../server/protocol/messages.js';

export class TestClient {
  readonly messages: ServerMessage[] = [];
  private waiters: Array<{ match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void; reject: (e: Error) => void }> = [];
  closed: { code: number; reason: string } | null = null;
  /** Binary frames received; the protocol is text only (browsers would get Blobs). */
  binaryFrames = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) this.binaryFrames++;
      const msg = JSON.parse(String(data)) as ServerMessage;
      this.messages.push(msg);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(msg)) return true;
        w.resolve(msg);
        return false;
      });
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
    });
  }

  static async connect(url: string, options: WebSocket.ClientOptions = {}): Promise<TestClient> {
    const ws = new WebSocket(url, options);
    const client = new TestClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** Resolves with the first message (already received or future) matching `match`. */
  next<T extends ServerMessage['type']>(
    type: T,
    match: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    const test = (m: ServerMessage) => m.type === type && match(m as Extract<ServerMessage, { type: T }>);
    const seen = this.messages.find(test);
    if (seen) {
      this.messages.splice(this.messages.indexOf(seen), 1);
      return Promise.resolve(seen as Extract<ServerMessage, { type: T }>);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${type}`)), timeoutMs);
      this.waiters.push({
        match: test,
        resolve: (m) => {
          clearTimeout(timer);
          this.messages.splice(this.messages.indexOf(m), 1);
          resolve(m as Extract<ServerMessage, { type: T }>);
        },
        reject,
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}
