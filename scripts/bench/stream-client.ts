/**
 * The relay bench's load generator: POSTs over keep-alive HTTP/1.1 connections written as bytes, and
 * chunked answers read back and timed per event as they arrive. On this 2-core machine the client shares
 * the cores with the app, the fake upstream and the bare relay: node:http's client cost about as much
 * CPU per token as a relay process, and its stalls were counted in every figure. Both sides of each
 * comparison (straight from the upstream, through the app) go through this same client.
 */
import { connect, type Socket } from "node:net";
import { performance } from "node:perf_hooks";

/**
 * One exchange's times (performance.now()): when it was sent and when each token arrived; `upstream` and
 * `reachedUpstream` are the fake upstream's write times for its tokens and when it got the request (the
 * relay bench fills them in).
 */
export type StreamTiming = {
  sentAt: number;
  arrivals: number[];
  upstream: number[];
  reachedUpstream: number | null;
};

type Exchange = {
  timing: StreamTiming;
  /** Counts the tokens in a run of complete events (its `g` flag set). */
  tokenPattern: RegExp;
  resolve: (timing: StreamTiming) => void;
  reject: (error: Error) => void;
};

type Stage = "head" | "size" | "data" | "data-end" | "trailer";

/** One connection: one exchange at a time, its answer de-chunked and its events counted as they come. */
class StreamConnection {
  private readonly socket: Socket;
  /** Bytes received and not parsed yet, one character per byte (latin1). */
  private pending = "";
  private stage: Stage = "head";
  private chunkLeft = 0;
  /** The body's text after its last complete event (an event ends with a blank line). */
  private carry = "";
  private exchange: Exchange | null = null;
  /** When it last finished an exchange: servers close keep-alive connections idle for long (5 s in Node). */
  idleSince = 0;

  constructor(
    port: number,
    private readonly idle: (connection: StreamConnection) => void,
    private readonly closed: (connection: StreamConnection) => void,
  ) {
    this.socket = connect(port, "127.0.0.1");
    this.socket.setNoDelay(true);
    this.socket.setEncoding("latin1");
    this.socket.on("data", (data: string) => this.read(data));
    this.socket.on("error", (error) => this.fail(error));
    // The server closed it (an idle keep-alive connection): out of the pool before anyone picks it.
    this.socket.on("end", () => this.fail(new Error("the server ended a stream connection")));
    this.socket.on("close", () => this.fail(new Error("the server closed a stream connection")));
  }

  send(head: string, body: Buffer, exchange: Exchange): void {
    this.exchange = exchange;
    this.stage = "head";
    this.carry = "";
    exchange.timing.sentAt = performance.now();
    this.socket.write(head, "latin1");
    this.socket.write(body);
  }

  close(): void {
    this.socket.removeAllListeners("close");
    this.socket.destroy();
  }

  private read(data: string): void {
    const now = performance.now();
    this.pending += data;
    let body = "";
    let ended = false;
    for (;;) {
      if (this.stage === "head") {
        const end = this.pending.indexOf("\r\n\r\n");
        if (end < 0) break;
        const head = this.pending.slice(0, end);
        this.pending = this.pending.slice(end + 4);
        const status = Number(head.slice(9, 12));
        const refusal =
          status !== 200
            ? `answered ${status}`
            : /\r\ntransfer-encoding: *chunked/i.test(head)
              ? null
              : "answered without chunked encoding";
        if (refusal) {
          this.fail(new Error(refusal));
          return;
        }
        this.stage = "size";
      } else if (this.stage === "size") {
        const end = this.pending.indexOf("\r\n");
        if (end < 0) break;
        this.chunkLeft = Number.parseInt(this.pending.slice(0, end), 16);
        this.pending = this.pending.slice(end + 2);
        this.stage = this.chunkLeft === 0 ? "trailer" : "data";
      } else if (this.stage === "data") {
        if (this.pending === "") break;
        const taken = this.pending.slice(0, this.chunkLeft);
        body += taken;
        this.chunkLeft -= taken.length;
        this.pending = this.pending.slice(taken.length);
        if (this.chunkLeft === 0) this.stage = "data-end";
      } else {
        // After a chunk's data, and after the last (empty) chunk: its CRLF.
        if (this.pending.length < 2) break;
        this.pending = this.pending.slice(2);
        if (this.stage === "trailer") {
          ended = true;
          break;
        }
        this.stage = "size";
      }
    }
    const exchange = this.exchange;
    if (!exchange) return;
    if (body !== "") {
      const text = this.carry + body;
      const cut = text.lastIndexOf("\n\n");
      if (cut >= 0) {
        this.carry = text.slice(cut + 2);
        const count = text.slice(0, cut).match(exchange.tokenPattern)?.length ?? 0;
        for (let i = 0; i < count; i++) exchange.timing.arrivals.push(now);
      } else {
        this.carry = text;
      }
    }
    if (ended) {
      this.exchange = null;
      this.idleSince = performance.now();
      exchange.resolve(exchange.timing);
      this.idle(this);
    }
  }

  private fail(error: Error): void {
    const exchange = this.exchange;
    this.exchange = null;
    this.close();
    this.closed(this);
    exchange?.reject(error);
  }
}

/** Idle connections older than this are closed instead of reused (Node's servers close them at 5 s). */
const REUSE_WITHIN_MS = 4000;

/** Keep-alive connections to 127.0.0.1, per port, as many as there are exchanges at once. */
export function streamClient() {
  const idle = new Map<number, StreamConnection[]>();
  const all = new Set<StreamConnection>();
  return {
    /** POSTs `body` as JSON to `path` on `port` and times each token of the answer's event stream. */
    post(
      port: number,
      path: string,
      headers: Record<string, string>,
      body: unknown,
      tokenPattern: RegExp,
    ): Promise<StreamTiming> {
      return new Promise((resolve, reject) => {
        const bytes = Buffer.from(JSON.stringify(body));
        const extra = Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join("");
        const head = `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\ncontent-length: ${bytes.length}\r\n${extra}\r\n`;
        const free = idle.get(port) ?? [];
        idle.set(port, free);
        let reused = free.pop();
        while (reused && performance.now() - reused.idleSince > REUSE_WITHIN_MS) {
          reused.close();
          all.delete(reused);
          reused = free.pop();
        }
        const connection =
          reused ??
          new StreamConnection(
            port,
            (done) => free.push(done),
            (gone) => {
              all.delete(gone);
              const at = free.indexOf(gone);
              if (at >= 0) free.splice(at, 1);
            },
          );
        all.add(connection);
        const timing: StreamTiming = { sentAt: 0, arrivals: [], upstream: [], reachedUpstream: null };
        connection.send(head, bytes, { timing, tokenPattern, resolve, reject });
      });
    },
    close(): void {
      for (const connection of all) connection.close();
      all.clear();
      idle.clear();
    },
  };
}
