import type { ServerBuild } from "@remix-run/node";
import busboy from "busboy";
import type { NextFunction, Request, Response } from "express";
import { contain, injectedFault } from "../api/lib/contain";
import type { UploadHandle } from "../app/utils/uploads";
import { FIELD_NAME_LIMITS, fieldNamesProblem, type FieldNameProblem } from "../domain/form-field-names";
import { sendErrorScreen } from "./errors";

// Request bodies on a hostile network. Three rules:
// - A form post is read whole before the portal sees it, counting bytes as they come, whatever the
//   headers claim (chunked, multipart or a false Content-Length): past FORM_BODY_LIMIT it is a 413.
// - A route that streams an upload to the API says so in its module (`handle.streamsUpload`); its
//   multipart body, or a resumable upload's chunk (tus), goes through unread, and the API caps it per
//   document and in total (a chunk: by the upload's announced length).
// - A form body's field names are checked before anything parses it into objects (a list index of a
//   hundred million in a 17-byte body filled the heap): too many fields, a name too long, a list index
//   beyond any form's, a negative or non-numeric one → 400 with the error screen (domain/form-field-names.ts).
//   An upload's multipart names are checked by the API as they stream (api/services/uploads/receive.ts).
// - A request answered before its body arrived (a refusal, a redirect, a 413) is not read to the
//   end: the connection is shut after the answer and closed soon after.
// - Contained (api/lib/contain.ts): while a body is read here, an exception in the dispatch of any event of
//   the request or of the multipart parser ends that request (500: ours), never the process; a multipart
//   part without a name is the client's mistake (400 with the error screen).

export const FORM_BODY_LIMIT = 1024 * 1024;
/**
 * After the answer, how long what still arrives of an unfinished body is read and dropped before the
 * connection closes: at most LINGER_MS in all, or LINGER_IDLE_MS without a byte (as a web server's
 * lingering close). Closing while bytes still come resets the connection, which can swallow the answer.
 */
const LINGER_MS = 5_000;
const LINGER_IDLE_MS = 1_000;

const TOO_LARGE = "Isian formulir terlalu besar (paling besar 1 MB). Kirim ulang formulir dari halamannya.";

/** A route path of the build ("register-competency-evaluation/path/:othersId?/upload-file") as a matcher. */
function pathMatcher(pattern: string): RegExp {
  const segments = pattern
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (segment === "*") return "(?:/.*)?";
      const optional = segment.endsWith("?");
      const name = optional ? segment.slice(0, -1) : segment;
      const one = name.startsWith(":") ? "/[^/]+" : `/${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      return optional ? `(?:${one})?` : one;
    });
  return new RegExp(`^${segments.join("")}/?$`);
}

/** The URL paths whose actions stream uploads, read from the route modules of a build. */
export function uploadRoutes(build: Pick<ServerBuild, "routes">): (pathname: string) => boolean {
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const matchers = Object.entries(build.routes)
    .filter(([, route]) => (route.module.handle as UploadHandle | undefined)?.streamsUpload)
    .map(([id]) => pathMatcher(fullPath(id)));
  return (pathname) => matchers.some((m) => m.test(pathname));
}

/** A request that carries a body: any method but GET and HEAD, and a GET or HEAD whose head announces one. */
const hasBody = (req: Request) =>
  (req.method !== "GET" && req.method !== "HEAD") || Number(req.get("content-length") ?? 0) > 0 || req.get("transfer-encoding") !== undefined;

/**
 * Reads a form body into memory up to `limit` bytes, counting what arrives. null: too large (the
 * rest is left unread); "gone": the client went away before the end. Rejects when something threw while
 * the request dispatched an event (a fault of ours).
 */
export function readLimited(req: Request, limit: number): Promise<Buffer | null | "gone"> {
  const declared = Number(req.get("content-length") ?? 0);
  if (declared > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: Buffer | null | "gone" | Error) => {
      if (done) return;
      done = true;
      req.off("data", onData).off("end", onEnd).off("error", onGone).off("close", onClose);
      release();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    // Until the body is read, whatever throws while the request dispatches an event ends this request.
    const release = contain(req, finish, injectedFault(req.get("content-type")));
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        finish(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks, size));
    const onGone = () => finish("gone");
    const onClose = () => !req.complete && finish("gone");
    req.on("data", onData).on("end", onEnd).on("error", onGone).on("close", onClose);
  });
}

/**
 * Every request: when the answer went out before the body had all arrived, the connection is closed
 * gently, as a web server's "lingering close": the answer says "Connection: close" (so a client that
 * keeps connections never sends its next request on this one), our side is shut after it, so the
 * client reads it and stops sending, and what still arrives is dropped for a few seconds, then the
 * connection goes.
 */
export function closeUnreadBodies() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      if (!req.complete && !req.destroyed) lingerOnClose(req, this);
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    next();
  };
}

/**
 * Node closes a "Connection: close" socket with destroySoon() right after the answer, and the body
 * still coming in turns that into a reset that can swallow the answer. For this one socket,
 * destroySoon() becomes the lingering close.
 */
function lingerOnClose(req: Request, res: Response) {
  res.setHeader("Connection", "close");
  const socket = req.socket as Request["socket"] & { destroySoon?: () => void };
  socket.destroySoon = () => {
    socket.end();
    const close = () => socket.destroy();
    const timer = setTimeout(close, LINGER_MS);
    let idle = setTimeout(close, LINGER_IDLE_MS);
    timer.unref();
    idle.unref();
    socket.once("close", () => {
      clearTimeout(timer);
      clearTimeout(idle);
    });
    // The HTTP parser reads the socket; what arrives of the body comes out of the request.
    req.on("data", () => {
      clearTimeout(idle);
      idle = setTimeout(close, LINGER_IDLE_MS);
      idle.unref();
    });
    req.resume();
  };
}

/**
 * Portal routes: a form body is read here within FORM_BODY_LIMIT (res.locals.body), except the
 * multipart body of an upload route, which streams on. Past the limit: 413 and no more reading. What
 * the page then gets is always a form it can read (see readForm): its field names checked, a multipart
 * body as the same fields urlencoded, an empty body as an empty form. Anything else is refused here.
 */
export function formBodies(isUpload: (pathname: string) => boolean | Promise<boolean>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    try {
      // An upload route's multipart body, or a resumable upload's chunk (tus: application/offset+octet-stream).
      if (/^(multipart\/form-data|application\/offset\+octet-stream)/i.test(req.get("content-type") ?? "") && (await isUpload(req.path))) {
        streamContained(req, res);
        return next();
      }
      const body = await readLimited(req, FORM_BODY_LIMIT);
      if (body === "gone") return void req.socket?.destroy();
      if (body === null) {
        res.status(413).type("text/plain; charset=utf-8").send(TOO_LARGE);
        return;
      }
      const form = await readForm(req.get("content-type") ?? "", body);
      if ("refused" in form) {
        sendErrorScreen(res, form.refused === "not-a-form" ? 415 : 400);
        return;
      }
      req.headers["content-type"] = URLENCODED;
      delete req.headers["content-length"];
      res.locals.body = form.body;
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * An upload streams on to the API through a web stream that listens to the request (Remix's adapter,
 * server/remix-handler.ts): until the answer is out, a throw while the request dispatches an event errors
 * that stream instead — the API's reading fails and the route answers — and never leaves as an uncaught exception.
 */
function streamContained(req: Request, res: Response) {
  let failed = false;
  const release = contain(req, (fault) => {
    if (failed) return;
    failed = true;
    req.pause();
    req.emit("error", fault);
  });
  res.once("close", release);
}

const URLENCODED = "application/x-www-form-urlencoded";

/** The names of an urlencoded body, decoded one at a time, without parsing the values. */
function* urlencodedNames(body: Buffer): Generator<string> {
  const text = body.toString("latin1"); // bytes as they are; a name is decoded below as URLSearchParams does
  let at = 0;
  while (at <= text.length) {
    let end = text.indexOf("&", at);
    if (end === -1) end = text.length;
    if (end > at) {
      const eq = text.indexOf("=", at);
      const rawName = text.slice(at, eq === -1 || eq > end ? end : eq);
      // A percent-encoded character is at most 12 bytes: longer raw names are too long without decoding.
      if (rawName.length > FIELD_NAME_LIMITS.maxNameLength * 12) yield "x".repeat(FIELD_NAME_LIMITS.maxNameLength + 1);
      else yield new URLSearchParams(`${Buffer.from(rawName, "latin1").toString("utf8")}=`).keys().next().value ?? "";
    }
    at = end + 1;
  }
}

/**
 * The text fields of a multipart body as [name, value] pairs (a file part counts as a field with no
 * value: no page outside the upload routes takes files); a name past the length limit is cut one
 * character past it. null when the body cannot be read. Fed in pieces, and stopped as soon as one
 * field more than the limit is known.
 */
function multipartFields(contentType: string, body: Buffer): Promise<Array<[string, string]> | null> {
  return new Promise((resolve, reject) => {
    const fields: Array<[string, string]> = [];
    let done = false;
    const finish = (result: Array<[string, string]> | null | Error) => {
      if (done) return;
      done = true;
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        limits: { fieldNameSize: FIELD_NAME_LIMITS.maxNameLength + 1, fieldSize: FORM_BODY_LIMIT },
        defParamCharset: "utf8",
      });
    } catch {
      return finish(null);
    }
    // Whatever throws while the parser or a part's stream dispatches an event ends this request (a fault of ours).
    const fault = injectedFault(contentType);
    contain(parser, finish, fault);
    // A part without a name (a bare `form-data`, `name=""`, only `name*=`: busboy gives undefined) is
    // kept as the empty name, which the rule refuses.
    const seen = (name: string | undefined, value: string) => {
      fields.push([name ?? "", value]);
      if (fields.length > FIELD_NAME_LIMITS.maxFields) finish(fields);
    };
    parser.on("field", (name, value) => seen(name, value));
    parser.on("file", (name, stream) => {
      contain(stream, finish, fault);
      // A body cut inside a file part errors the part's stream too: unheard, that error ended the process.
      stream.on("error", () => finish(null));
      stream.resume();
      seen(name?.slice(0, FIELD_NAME_LIMITS.maxNameLength + 1), "");
    });
    parser.on("error", () => finish(null));
    parser.on("close", () => finish(fields));
    for (let at = 0; at < body.length && !done; at += 16 * 1024) parser.write(body.subarray(at, at + 16 * 1024));
    if (!done) parser.end();
    else parser.destroy();
  });
}

export type FormRefusal = FieldNameProblem | "not-a-form";

/**
 * A page's post as the form the page will read (urlencoded), or why it is refused: a field name no form
 * of ours writes (domain/form-field-names.ts), a multipart body whose parts cannot be read, or a body
 * that is no form at all (JSON, text). An empty body without a type is an empty form.
 */
export async function readForm(contentType: string, body: Buffer): Promise<{ body: Buffer } | { refused: FormRefusal }> {
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) {
    const problem = fieldNamesProblem(urlencodedNames(body));
    return problem ? { refused: problem } : { body };
  }
  if (/^multipart\/form-data/i.test(contentType)) {
    const fields = await multipartFields(contentType, body);
    if (!fields) return { refused: "bad-syntax" };
    const problem = fieldNamesProblem(fields.map(([name]) => name));
    return problem ? { refused: problem } : { body: Buffer.from(new URLSearchParams(fields).toString()) };
  }
  if (body.length === 0 && !contentType) return { body };
  return { refused: "not-a-form" };
}
