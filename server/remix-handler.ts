import { createReadableStreamFromReadable, createRequestHandler as createRemixHandler } from "@remix-run/node";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { wholePageBytes } from "../app/utils/whole-page";

// Express → Remix, as @remix-run/express 2.17.5 does it, with two changes, both bodies. A form body has
// already been read within its limit (server/request-body.ts, res.locals.body); only an upload
// route's multipart body streams from the socket. The adapter itself would read any body whole.
// A response body is written as the client takes it (writeBody); the adapter writes every chunk at once.
// remix-handler.test.ts sends the same requests through both and fails where anything else differs.

type GetLoadContext = (req: Request, res: Response) => AppLoadContext | Promise<AppLoadContext>;

function remixHeaders(req: Request): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

function remixRequest(req: Request, res: Response): globalThis.Request {
  // req.hostname leaves out the port, and respects "trust proxy"; the port comes from the headers.
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(":")[1] ?? "", 10);
  const port = [portOf(req.get("x-forwarded-host")), portOf(req.get("host"))].find(Number.isSafeInteger);
  let url: URL;
  try {
    url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  } catch {
    // A Host no URL can hold (a port past 65535, a broken address) is the sender's mistake: 400.
    throw Object.assign(new Error("unusable Host header"), { status: 400 });
  }
  // "?_data=" is the data request of Remix without single fetch; this portal's pages answer single fetch
  // (".data") only, and Remix's old data path failed on their loaders (a 500 for anyone). Without it, the
  // request is the page's own.
  if (url.searchParams.has("_data")) url.searchParams.delete("_data");
  // Loaders and actions stop once no answer can be written (closed before finished).
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const headers = remixHeaders(req);
  // A post whose Origin server/security.ts accepted as PUBLIC_URL's, through a proxy that passed another
  // Host (nginx's `$host` drops the port): Remix's own Origin-against-Host check sees the public host.
  if (typeof res.locals.originHost === "string") {
    headers.set("host", res.locals.originHost);
    headers.delete("x-forwarded-host");
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const read = res.locals.body as Buffer | undefined;
    init.body = read ? new Uint8Array(read) : createReadableStreamFromReadable(req);
    if (!read) init.duplex = "half";
  }
  return new globalThis.Request(url.href, init);
}

async function sendRemixResponse(res: Response, response: globalThis.Response) {
  // A page rendered whole (app/utils/whole-page.ts) is written in one call, its bytes as they are; it has no
  // status text (reading one would make the Response's body stream this skips).
  const whole = wholePageBytes(response);
  if (whole) {
    res.status(response.status);
    for (const [key, value] of response.headers.entries()) res.append(key, value);
    res.end(whole);
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (response.body) await writeBody(response.body, res);
  else res.end();
}

/**
 * Writes `body` to the response, reading its next chunk only when the socket (or the compressor in
 * front of it) has room: a page or a CSV export is pulled as fast as the client reads it, so a slow
 * client of a long export costs one chunk in flight, not the whole file. A client gone cancels the body,
 * which stops what produces it (the export's database reads).
 */
export async function writeBody(
  body: ReadableStream<Uint8Array>,
  res: NodeJS.WritableStream & { destroyed: boolean; flush?: () => void; destroy(error?: Error): void },
) {
  const reader = body.getReader();
  let gone = res.destroyed;
  let wake: (() => void) | null = null;
  const onClose = () => {
    gone = true;
    wake?.();
  };
  res.once("close", onClose);
  try {
    for (;;) {
      if (gone) {
        await reader.cancel();
        return;
      }
      const { done, value } = await reader.read();
      if (done) {
        res.end();
        return;
      }
      const room = res.write(value);
      // Compression keeps what it has until flushed: each chunk goes out as it comes (as the adapter does).
      res.flush?.();
      if (!room && !gone) {
        // "drain" once per wait ("close" is listened to once for the whole body, so no listener piles up).
        await new Promise<void>((resolve) => {
          wake = resolve;
          res.once("drain", () => resolve());
        });
        wake = null;
      }
    }
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  } finally {
    res.off("close", onClose);
  }
}

export function createRequestHandler(opts: { build: ServerBuild | (() => Promise<ServerBuild>); mode: string; getLoadContext: GetLoadContext }) {
  const handleRequest = createRemixHandler(opts.build, opts.mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const request = remixRequest(req, res);
      const response = await handleRequest(request, await opts.getLoadContext(req, res));
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
