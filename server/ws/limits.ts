/** The WebSocket side's limits (docs/API.md "Limits"), in one place for the hub's pieces. */

/** Limits per connection (docs/API.md "Limits"). */
export const WS_LIMITS = {
  /** Largest message accepted; larger ones close the socket with 1009. */
  maxMessageBytes: 64 * 1024,
  /** Token bucket per connection: sustained messages per second and burst. */
  messagesPerSecond: 20,
  burst: 60,
  /**
   * Token bucket per client (its address, or its session when signed in), over all its sockets
   * and kept when they reconnect: sustained messages per second and burst. Loopback is not
   * counted unless `limitLoopback` (the server's own machine, as for the socket cap).
   */
  clientMessagesPerSecond: 120,
  clientBurst: 600,
  /**
   * Bytes of snapshots and resumes one client (as above, loopback included) may be sent per
   * second, and at once: past it its requests wait their turn (server/ws/bulk-sender.ts). The
   * burst holds one snapshot of a big field (2.3 MB at 10,000 entries; a larger one is sent into
   * debt); at 32 MiB a flood's first second alone was 30-60 ms of sending that the TD's commands
   * met (docs/RELIABILITY.md, "After the merge").
   */
  bulkBytesPerSecond: 8 * 1024 * 1024,
  bulkBurst: 4 * 1024 * 1024,
  /** Messages dropped for rate before the socket is closed (1008). */
  maxDropped: 200,
  /** Tournaments one socket may follow at once. */
  maxSubscriptions: 16,
  /**
   * Open sockets per client address (RIFFLE_WS_PER_ADDRESS); more are refused with 429 before
   * the upgrade. A TV or phone needs 1, an OBS machine one per browser source. Loopback is not
   * counted: the server's own machine (local OBS, kiosk browser, benchmarks) is trusted.
   */
  maxSocketsPerAddress: 64,
  /**
   * Bytes that may wait in the server for one socket that does not read (a stalled or hostile
   * client), on top of the last snapshot or resume it was sent (which may be bigger: a
   * 10,000-entry field's). Past it the socket is dropped with close code 4008; its page
   * reconnects and resumes. A screen's patch is a few hundred bytes.
   */
  maxBufferedBytes: 1024 * 1024,
  /**
   * Bytes that may wait in the server for all sockets together (RIFFLE_WS_QUEUE_BYTES); when a
   * send would go past it, the sockets holding the most are dropped (4008) until it fits
   * (server/ws/send-queues.ts).
   */
  maxQueuedBytes: 64 * 1024 * 1024,
  /** The server pings every socket this often; one that has not answered the last ping is dropped. */
  pingIntervalMs: 30_000,
} as const;
