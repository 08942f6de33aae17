import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adaptedServer, documentedNginxBlock, loggedLine, startNginx } from "./nginx";
import { ensureBuild, leftovers, PRODUCTION_MAIL, startServer, stopServer, strongSecret, strongSecrets, type Running, waitFor } from "./server";

// docs/operations.md's nginx server, run as written on ports other than 443 (TLS and the port-80
// redirect left out): a production instance behind it takes form posts from its own pages, refuses
// them from another site, and neither nginx's log nor the portal's holds a query string's token.
// A second server block passes `Host $host` (which drops the port), as the example once did: posts
// still pass there because the Origin is PUBLIC_URL's.

const PORTS = { portal: 3430, documented: 3431, hostOnly: 3432 };
const SECRET = "tok3nRahasiaJanganDicatat";
const METRICS_TOKEN = strongSecret();

/** The documented server on one port and, with `Host $host`, on another. */
function servers(dir: string): string {
  expect(documentedNginxBlock(), "the documented example passes the Host with its port").toContain("proxy_set_header Host $http_host;");
  const documented = adaptedServer({ upstreams: [PORTS.portal], listen: PORTS.documented, accessLog: path.join(dir, "access.log") });
  const serverBlock = /server \{\n[\s\S]*?\n\}\n/.exec(documented)![0];
  const hostOnly = serverBlock
    .replace(`listen 127.0.0.1:${PORTS.documented};`, `listen 127.0.0.1:${PORTS.hostOnly};`)
    .replace("proxy_set_header Host $http_host;", "proxy_set_header Host $host;")
    .replace(path.join(dir, "access.log"), path.join(dir, "access-host.log"));
  return `${documented}\n${hostOnly}`;
}

const cleanup = leftovers();
let portal: Running | undefined;
let nginx: ChildProcess | undefined;
let dir = "";

beforeAll(async () => {
  await ensureBuild();
  dir = cleanup.dir("nginx");
  portal = await startServer({
    NODE_ENV: "production",
    PORT: String(PORTS.portal),
    DATA_DIR: path.join(dir, "data"),
    LOG_LEVEL: "info",
    TRUST_PROXY: "1",
    METRICS_TOKEN,
    ...strongSecrets(),
    ...PRODUCTION_MAIL,
    // the address users type: the host-only server's, a port other than 443
    PUBLIC_URL: `http://127.0.0.1:${PORTS.hostOnly}`,
  });
  nginx = startNginx(dir, servers(dir));
  await waitFor(`http://127.0.0.1:${PORTS.documented}/healthz`, 10_000);
  await waitFor(`http://127.0.0.1:${PORTS.hostOnly}/healthz`, 10_000);
}, 240_000);

afterAll(async () => {
  nginx?.kill("SIGTERM");
  await stopServer(portal);
  await cleanup.undo();
});

/** A login form post through `port` with `origin`: the status and the page. */
async function postLogin(port: number, origin: string) {
  const res = await fetch(`http://127.0.0.1:${port}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ email: "belum.terdaftar@example.go.id", password: "salah-sekali", redirectTo: "" }),
  });
  return { status: res.status, text: await res.text() };
}

describe("behind docs/operations.md's nginx on a port other than 443", () => {
  it("a form post from the portal's own page is answered by the page, one from another site gets 403", async () => {
    for (const port of [PORTS.documented, PORTS.hostOnly]) {
      const own = await postLogin(port, `http://127.0.0.1:${port}`);
      // the login page with its error about the unknown account (400), not a refusal
      expect(
        own.status,
        `port ${port}: ${own.text.slice(0, 200)} ${portal!
          .stdout()
          .split("\n")
          .filter((l) => /"level":(50|60)/.test(l))
          .join("\n")
          .slice(0, 3000)}`,
      ).toBe(400);
      // a refused post's title starts with "Galat: "
      expect(own.text).toContain("<title>Galat: Masuk");
      expect(own.text).not.toContain("Permintaan lintas situs ditolak.");
      const foreign = await postLogin(port, "http://evil.example");
      expect(foreign.status).toBe(403);
    }
  });

  it("a token in the query string reaches neither nginx's log nor the portal's; both name the same request id", async () => {
    const res = await fetch(`http://127.0.0.1:${PORTS.documented}/forgot-password?token=${SECRET}&email=someone%40example.go.id`);
    await res.arrayBuffer();
    const nginxLog = await loggedLine(path.join(dir, "access.log"), (l) => l.includes("/forgot-password"));
    const line = nginxLog.split("\n").find((l) => l.includes("/forgot-password"));
    expect(line, "nginx logged the path").toBeTruthy();
    const requestId = line!.trim().split(" ").at(-1)!;
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    // The portal writes its line when the answer ends, as nginx does: wait for the one with that id.
    const until = Date.now() + 30_000;
    while (!portal!.stdout().includes(requestId) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    const portalLog = portal!.stdout();
    for (const [name, log] of [
      ["nginx", nginxLog],
      ["portal", portalLog],
    ] as const) {
      expect(log, `${name} log`).not.toContain(SECRET);
      expect(log, `${name} log`).not.toContain("someone@example.go.id");
      expect(log, `${name} log`).not.toContain("someone%40example.go.id");
    }
    expect(portalLog, "the portal's lines carry nginx's request id").toContain(requestId);
  });

  it("does not proxy /metrics: Prometheus scrapes each instance at its own address, not whichever one the round robin picks", async () => {
    const authorization = `Bearer ${METRICS_TOKEN}`;
    expect((await fetch(`${portal!.base}/metrics`, { headers: { authorization } })).status).toBe(200);
    const proxied = await fetch(`http://127.0.0.1:${PORTS.documented}/metrics`, { headers: { authorization } });
    expect(proxied.status).toBe(404);
    expect(await proxied.text()).not.toContain("adaptasi_build_info");
    const location = /location = \/metrics \{[^}]*\}/.exec(documentedNginxBlock())?.[0];
    expect(location).toBeTruthy();
    expect(location).not.toContain("proxy_pass");
  });
});
