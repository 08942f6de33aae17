import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./server";

// docs/operations.md's nginx server, run as written on loopback ports other than 443 (TLS and the
// port-80 redirect left out, the log in a temp folder): for the proxy and go-live tests.

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

/** The nginx block of docs/operations.md "TLS at the proxy". */
export function documentedNginxBlock(): string {
  const doc = readFileSync(path.join(ROOT, "docs/operations.md"), "utf8");
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error("docs/operations.md has no nginx block");
  return block;
}

/** The documented block with these upstream ports, listening on `listen`, logging to `accessLog`. */
export function adaptedServer(opts: { upstreams: number[]; listen: number; accessLog: string }): string {
  return documentedNginxBlock()
    .replace(/^\s*server 127\.0\.0\.1:3000 max_fails=0;.*$/m, opts.upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join("\n"))
    .replace(/^\s*server 127\.0\.0\.1:3001.*$/m, "")
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${opts.listen};`)
    .replace(/^\s*ssl_certificate.*$/gm, "")
    .replace(/^server \{ listen 80;.*$/m, "")
    .replace(/\/var\/log\/nginx\/adaptasi\.log/, opts.accessLog);
}

/** Writes nginx.conf around `http` (the servers) into `dir`, checks it with `nginx -t` and starts nginx in the foreground. */
export function startNginx(dir: string, http: string): ChildProcess {
  if (!existsSync(NGINX)) throw new Error(`nginx is missing at ${NGINX}: apt-get install -y nginx-light (scripts/test.mjs does this when run as root)`);
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, sub), { recursive: true });
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    [
      `pid ${path.join(dir, "nginx.pid")};`,
      `error_log ${path.join(dir, "error.log")} warn;`,
      "daemon off;",
      "events { worker_connections 256; }",
      "http {",
      ...["body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t === "body" ? "client_body" : t}_temp_path ${path.join(dir, t)};`),
      http,
      "}",
    ].join("\n"),
  );
  const check = spawnSync(NGINX, ["-t", "-c", conf, "-p", dir], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  return spawn(NGINX, ["-c", conf, "-p", dir], { stdio: "ignore" });
}

/**
 * Waits until nginx's access log has a line for which `match` holds, and returns the whole log. nginx
 * writes a request's line after its answer, so a test that reads the log waits for the line of the last
 * request it made: every earlier request's line is written by then.
 */
export async function loggedLine(accessLog: string, match: (line: string) => boolean, timeoutMs = 30_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const log = existsSync(accessLog) ? readFileSync(accessLog, "utf8") : "";
    if (log.split("\n").some(match)) return log;
    if (Date.now() > until) throw new Error(`no line in ${accessLog} matched within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
