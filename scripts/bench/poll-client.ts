/**
 * The waiting-room bench's load generator: GET requests over up to `maxConnections` keep-alive HTTP/1.1
 * connections, written as bytes and read back by Content-Length. On this 2-core machine the client shares
 * the cores with the app (and Redis): node:http's client spent about as much CPU per poll as the app did,
 * and its own stalls were counted as the app's latency. A request waits for a free connection like
 * node:http's Agent would; answers must carry Content-Length (the app's JSON answers do).
 */
import { connect, type Socket } from "node:net";

export type PollAnswer = { status: number; body: string };

type Pending = { head: string; resolve: (answer: PollAnswer) => void; reject: (error: Error) => void };

class Connection {
  private readonly socket: Socket;
  private received = "";
  private current: Pending | null = null;

  constructor(
    port: number,
    private readonly done: (connection: Connection) => void,
    private readonly failed: (error: Error) => void,
  ) {
    this.socket = connect(port, "127.0.0.1");
    this.socket.setNoDelay(true);
    this.socket.setEncoding("latin1");
    this.socket.on("data", (chunk: string) => this.read(chunk));
    this.socket.on("error", (error) => this.fail(error));
    this.socket.on("close", () => this.fail(new Error("the app closed a poll connection")));
  }

  send(pending: Pending): void {
    this.current = pending;
    this.socket.write(pending.head, "latin1");
  }

  close(): void {
    this.socket.removeAllListeners("close");
    this.socket.destroy();
  }

  private read(chunk: string): void {
    this.received += chunk;
    const headEnd = this.received.indexOf("\r\n\r\n");
    if (headEnd < 0) return;
    const head = this.received.slice(0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    if (length === undefined) {
      this.fail(new Error(`an answer without Content-Length: ${head}`));
      return;
    }
    const bodyEnd = headEnd + 4 + Number(length);
    if (this.received.length < bodyEnd) return;
    const answer = {
      status: Number(head.slice(9, 12)),
      body: Buffer.from(this.received.slice(headEnd + 4, bodyEnd), "latin1").toString("utf8"),
    };
    this.received = this.received.slice(bodyEnd);
    const current = this.current;
    this.current = null;
    current?.resolve(answer);
    this.done(this);
  }

  private fail(error: Error): void {
    this.current?.reject(error);
    this.current = null;
    this.failed(error);
  }
}

export function pollClient(port: number, maxConnections: number) {
  const idle: Connection[] = [];
  const queued: Pending[] = [];
  const all = new Set<Connection>();
  const release = (connection: Connection) => {
    const next = queued.shift();
    if (next) connection.send(next);
    else idle.push(connection);
  };
  const drop = (connection: Connection) => {
    all.delete(connection);
    const at = idle.indexOf(connection);
    if (at >= 0) idle.splice(at, 1);
  };
  return {
    get(path: string, token: string): Promise<PollAnswer> {
      return new Promise((resolve, reject) => {
        const pending: Pending = {
          head: `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nauthorization: Bearer ${token}\r\n\r\n`,
          resolve,
          reject,
        };
        const connection = idle.pop();
        if (connection) {
          connection.send(pending);
        } else if (all.size < maxConnections) {
          const opened: Connection = new Connection(port, release, () => drop(opened));
          all.add(opened);
          opened.send(pending);
        } else {
          queued.push(pending);
        }
      });
    },
    close(): void {
      for (const connection of all) connection.close();
      all.clear();
      idle.length = 0;
    },
  };
}
