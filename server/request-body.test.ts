import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import type { Request } from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ListenerFault } from "../api/lib/contain";
import { EventEmitter } from "node:events";
import type { Response } from "express";
import { formBodies, readForm, readLimited, uploadRoutes } from "./request-body";
import { routeModules } from "../tests/route-modules";

const ROUTES_DIR = path.resolve(__dirname, "../app/routes");

describe("uploadRoutes", () => {
  const route = (id: string, parentId: string | undefined, p: string | undefined, handle?: unknown) =>
    [id, { id, parentId, path: p, module: { handle } }] as const;
  const build = {
    routes: Object.fromEntries([
      route("root", undefined, ""),
      route("routes/_app", "root", undefined),
      route("routes/up", "routes/_app", "register-competency-evaluation/path/:othersId?/upload-file", { streamsUpload: true }),
      route("routes/form", "routes/_app", "personal-data"),
      route("routes/res", "root", "submission-form/upload", { streamsUpload: true }),
    ]),
  } as unknown as Pick<ServerBuild, "routes">;
  const isUpload = uploadRoutes(build);

  it("matches the full path of a route that streams uploads, parameters included", () => {
    expect(isUpload("/register-competency-evaluation/path/12/upload-file")).toBe(true);
    expect(isUpload("/register-competency-evaluation/path/upload-file")).toBe(true);
    expect(isUpload("/submission-form/upload")).toBe(true);
    expect(isUpload("/submission-form/upload/")).toBe(true);
  });

  it("does not match other routes, longer paths or a parameter that spans segments", () => {
    expect(isUpload("/personal-data")).toBe(false);
    expect(isUpload("/login")).toBe(false);
    expect(isUpload("/submission-form/upload/x")).toBe(false);
    expect(isUpload("/register-competency-evaluation/path/1/2/upload-file")).toBe(false);
  });
});

describe("route modules", () => {
  it("declare handle = STREAMS_UPLOAD (beside their title) exactly when their action streams the request body to the API", () => {
    const streams: string[] = [];
    const declares: string[] = [];
    for (const file of routeModules(readFileSync(path.join(ROUTES_DIR, "../routes.ts"), "utf8"))) {
      const source = readFileSync(path.join(ROUTES_DIR, file), "utf8");
      // the documents room's actions stream too (documentAction, postOneFile: app/features/documents/documents.server.ts)
      if (/\bpostDocuments\(|\bdocumentAction\(|\bpostOneFile\(|\bapi\.upload[<(]|\bforwardUpload\(|\bforwardTus\(/.test(source)) streams.push(file);
      // a document page's handle (documentPageHandle, app/features/documents/page.ts) declares it
      if (/export const handle = (?:(titled\(\s*(?:"\w+"|\([^)]*\)\s*=>[^;]*?),\s*)?STREAMS_UPLOAD\b|documentPageHandle\()/.test(source)) declares.push(file);
    }
    // The document pages, the photo's, the guidebook's and the additional documents' pages, and the two tus forwarders.
    expect(streams.length).toBeGreaterThan(4);
    expect(declares.sort()).toEqual(streams.sort());
    // …and documentPageHandle does declare it
    const page = readFileSync(path.join(ROUTES_DIR, "../features/documents/page.ts"), "utf8");
    expect(page).toMatch(/export function documentPageHandle[\s\S]*?return titled\([\s\S]*?,\s*STREAMS_UPLOAD,?\s*\);/);
  });
});

describe("closeUnreadBodies", () => {
  // A small app that refuses every POST before reading its body, as the cross-origin check does.
  async function refusingServer() {
    const { default: express } = await import("express");
    const { closeUnreadBodies } = await import("./request-body");
    const app = express();
    app.use(closeUnreadBodies());
    app.post("*", (_req, res) => void res.status(403).send("refused"));
    app.get("*", (_req, res) => void res.send("ok"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    return { port, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  function send(port: number, agent: http.Agent, method: string, body?: Buffer | (() => NodeJS.ReadableStream), length?: number) {
    return new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
      const type = body ? { "content-type": "application/x-www-form-urlencoded" } : {};
      const req = http.request(
        { host: "127.0.0.1", port, method, path: "/x", agent, headers: length === undefined ? type : { ...type, "content-length": String(length) } },
        (res) => {
          let text = "";
          res.setEncoding("utf8").on("data", (c: string) => (text += c));
          res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection, text }));
        },
      );
      req.on("error", reject);
      if (typeof body === "function")
        body()
          .pipe(req)
          .on("error", () => {});
      else req.end(body);
    });
  }

  it("answers a refused body with Connection: close, so a kept-alive client's next request goes on a new connection", async () => {
    const { port, close } = await refusingServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; i < 5; i++) {
        const refused = await send(port, agent, "POST", Buffer.from("email=a%40b.id&password=Salah%23Sandi2026&x=1234567890"));
        expect(refused).toMatchObject({ status: 403, connection: "close", text: "refused" });
        expect(await send(port, agent, "GET")).toMatchObject({ status: 200, text: "ok" });
      }
    } finally {
      agent.destroy();
      await close();
    }
  });

  it("lets the client read the answer while a large body is still coming", async () => {
    const { port, close } = await refusingServer();
    const agent = new http.Agent({ keepAlive: false });
    try {
      const chunk = Buffer.alloc(64 * 1024, 97);
      const body = () =>
        Readable.from(
          (function* () {
            for (let i = 0; i < 320; i++) yield chunk;
          })(),
        );
      const refused = await send(port, agent, "POST", body);
      expect(refused).toMatchObject({ status: 403, connection: "close", text: "refused" });
    } finally {
      await close();
    }
  });

  it("lets the client read a GET's answer while the body it sent with the GET is still coming", async () => {
    const { port, close } = await refusingServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const chunk = Buffer.alloc(64 * 1024, 97);
      const body = () =>
        Readable.from(
          (function* () {
            for (let i = 0; i < 320; i++) yield chunk;
          })(),
        );
      // Node's client sends a GET's body unframed unless told its length
      expect(await send(port, agent, "GET", body, 320 * chunk.length)).toMatchObject({ status: 200, connection: "close", text: "ok" });
      // a GET without a body keeps its connection as before
      expect(await send(port, agent, "GET")).toMatchObject({ status: 200, connection: "keep-alive", text: "ok" });
    } finally {
      agent.destroy();
      await close();
    }
  });
});

describe("readForm", () => {
  const urlencoded = "application/x-www-form-urlencoded";
  const refusal = async (type: string, body: string | Buffer) => {
    const read = await readForm(type, Buffer.from(body));
    return "refused" in read ? read.refused : null;
  };
  const form = (body: string) => refusal(urlencoded, body);
  function multipartBody(fields: Array<[string, string]>, boundary = "b0undary") {
    const parts = fields.map(([n, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`).join("");
    return { type: `multipart/form-data; boundary=${boundary}`, body: `${parts}--${boundary}--\r\n` };
  }
  const multipart = (names: string[]) => {
    const m = multipartBody(names.map((n) => [n, "1"]));
    return refusal(m.type, m.body);
  };

  it("hands a real form over as it is, urlencoded", async () => {
    const body = "email=a%40b.id&password=Rahasia%231&items%5B2%5D.type=x&&";
    expect(await readForm(urlencoded, Buffer.from(body))).toEqual({ body: Buffer.from(body) });
  });

  it("hands a multipart form over as the same fields urlencoded, and an empty post as an empty form", async () => {
    const m = multipartBody([
      ["email", "siti@contoh.id"],
      ["note", "baris 1\r\nbaris 2 ☃"],
      ["items[3].type", "x"],
    ]);
    const read = await readForm(m.type, Buffer.from(m.body));
    expect("body" in read && Object.fromEntries(new URLSearchParams(read.body.toString()))).toEqual({
      email: "siti@contoh.id",
      note: "baris 1\r\nbaris 2 ☃",
      "items[3].type": "x",
    });
    expect(await readForm("", Buffer.alloc(0))).toEqual({ body: Buffer.alloc(0) });
  });

  it("refuses a body that is no form: JSON, text, a non-empty body without a type", async () => {
    expect(await refusal("application/json", '{"a[99999999]":1}')).toBe("not-a-form");
    expect(await refusal("text/plain", "a=1")).toBe("not-a-form");
    expect(await refusal("", "a=1")).toBe("not-a-form");
  });

  it("refuses the 17-byte post that filled the heap, encoded or not, urlencoded or multipart", async () => {
    expect(await form("email[99999999]=1")).toBe("bad-index");
    expect(await form("x%5B5000000%5D=1")).toBe("bad-index");
    expect(await form("ok=1&a[-1]=1")).toBe("bad-index");
    expect(await multipart(["email[99999999]"])).toBe("bad-index");
  });

  it("refuses 10,000 fields and names too long, without decoding them all", async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `f${i}=1`).join("&");
    expect(await form(many)).toBe("too-many-fields");
    expect(await multipart(Array.from({ length: 1_000 }, (_, i) => `f${i}`))).toBe("too-many-fields");
    expect(await form(`${"%41".repeat(5_000)}=1`)).toBe("name-too-long");
    expect(await form(`${"a".repeat(200_000)}=1`)).toBe("name-too-long");
    expect(await multipart(["a".repeat(500)])).toBe("name-too-long");
  });

  it('refuses a part without a name (bare form-data, name="", only name*=), text or file, as the client\'s mistake', async () => {
    const bodies = [
      "--X\r\nContent-Disposition: form-data\r\n\r\n1\r\n--X--\r\n",
      '--X\r\nContent-Disposition: form-data; name=""\r\n\r\n1\r\n--X--\r\n',
      "--X\r\nContent-Disposition: form-data; name*=UTF-8''x\r\n\r\n1\r\n--X--\r\n",
      '--X\r\nContent-Disposition: form-data; filename="a.pdf"\r\n\r\n%PDF\r\n--X--\r\n',
      '--X\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.id\r\n--X\r\nContent-Disposition: form-data\r\n\r\n1\r\n--X--\r\n',
    ];
    for (const body of bodies) expect(await refusal("multipart/form-data; boundary=X", body), JSON.stringify(body)).toBe("bad-syntax");
    expect(await form("=1")).toBe("bad-syntax");
  });

  it("refuses a body cut inside a file part (its stream errors too: unheard, that ended the process)", async () => {
    const cut = `--X\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\n${"x".repeat(2000)}`;
    expect(await refusal("multipart/form-data; boundary=X", cut)).toBe("bad-syntax");
    await new Promise((r) => setTimeout(r, 50)); // the part's error comes on a later tick
  });

  it("never throws on garbled bytes, and refuses a multipart body whose parts cannot be read", async () => {
    for (const body of ["%", "%zz=1", "\u0000=\u0000", "=&=&=", "a=%E0%A4%A", "\uFFFD[1]=1"]) {
      await expect(form(body)).resolves.not.toThrow;
    }
    expect(await refusal("multipart/form-data", "garbled")).toBe("bad-syntax");
    expect(await refusal("multipart/form-data; boundary=x", "--x\r\ngarbled")).toBe("bad-syntax");
    expect(await refusal("multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1')).toBe("bad-syntax");
  });
});

describe("a throw while a form body is read ends that request only", () => {
  afterEach(() => vi.unstubAllEnvs());

  /** A request as readLimited sees it: a stream of the body's bytes with its headers. */
  function request(type: string, body: string, cut = false) {
    const req = new Readable({ read() {} }) as Readable & { get: (name: string) => string | undefined; complete: boolean };
    req.get = (name) => (name.toLowerCase() === "content-type" ? type : undefined);
    req.complete = false;
    setImmediate(() => {
      req.push(Buffer.from(body));
      if (cut) req.destroy(new Error("aborted"));
      else {
        req.complete = true;
        req.push(null);
      }
    });
    return req as unknown as Request;
  }

  it("rejects the read (a fault of ours, 500) for a throw in a data, end or error listener of the request", async () => {
    vi.stubEnv("TEST_LISTENER_FAULTS", "true");
    for (const [kind, cut] of [
      ["data", false],
      ["end", false],
      ["error", true],
    ] as const) {
      const read = readLimited(request(`application/x-www-form-urlencoded; x-test-throw-in=${kind}`, "email=a%40b.id", cut), 1024);
      await expect(read, kind).rejects.toBeInstanceOf(ListenerFault);
    }
    // Without a fault: the body, and the request's emit is its own again.
    const req = request("application/x-www-form-urlencoded", "email=a%40b.id");
    expect(String(await readLimited(req, 1024))).toBe("email=a%40b.id");
    expect(Object.prototype.hasOwnProperty.call(req, "emit")).toBe(false);
  });

  it("rejects the read of a multipart form for a throw in a field, file or error listener of the parser", async () => {
    vi.stubEnv("TEST_LISTENER_FAULTS", "true");
    const field = '--X\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.id\r\n--X--\r\n';
    const file = '--X\r\nContent-Disposition: form-data; name="doc_1"; filename="a.pdf"\r\n\r\n%PDF\r\n--X--\r\n';
    for (const [kind, body] of [
      ["field", field],
      ["file", file],
      ["error", field.slice(0, 50)],
    ] as const) {
      await expect(readForm(`multipart/form-data; boundary=X; x-test-throw-in=${kind}`, Buffer.from(body)), kind).rejects.toBeInstanceOf(ListenerFault);
    }
  });
});

describe("an upload streaming on to the API", () => {
  it("turns a throw in any listener of the request into an error of the stream the API reads, until the answer is out", async () => {
    const req = new Readable({ read() {} }) as Readable & { method: string; path: string; get: (name: string) => string | undefined };
    req.method = "POST";
    req.path = "/personal-data/upload-file";
    req.get = (name) => (name.toLowerCase() === "content-type" ? "multipart/form-data; boundary=X" : undefined);
    const res = new EventEmitter();
    await new Promise<void>((resolve) => void formBodies(() => true)(req as unknown as Request, res as unknown as Response, () => resolve()));
    // A listener of the hand-over with a bug (as Remix's adapter of the body to a web stream listens to it).
    req.on("data", () => {
      throw new TypeError("Invalid state: Controller is already closed");
    });
    const errored = new Promise<unknown>((resolve) => req.once("error", resolve));
    req.push(Buffer.from("--X\r\n"));
    const error = await errored;
    expect(error).toBeInstanceOf(ListenerFault);
    expect((error as ListenerFault).event).toBe("data");
    // Answered: the request is its own again.
    res.emit("close");
    expect(Object.prototype.hasOwnProperty.call(req, "emit")).toBe(false);
  });
});
