// The floor of any relay on this machine: a process that only passes a completion stream through
// (node:http in, node:http out, bytes piped as they come, no parsing, no database). The relay bench
// measures it beside the app, so what the app adds can be told from what another process in the path adds.
// Usage: node scripts/bench/bare-relay.mjs PORT UPSTREAM_ORIGIN
import http from "node:http";

const [port, upstream] = process.argv.slice(2);
const target = new URL(upstream);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
http
  .createServer((request, response) => {
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: request.url,
        method: request.method,
        headers: request.headers,
        agent,
      },
      (upstreamResponse) => {
        response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
        response.socket?.setNoDelay(true);
        upstreamResponse.pipe(response);
      },
    );
    forward.on("error", () => response.destroy());
    request.pipe(forward);
  })
  .listen(Number(port), "127.0.0.1", () => process.send?.("ready"));
