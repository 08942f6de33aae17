import type { ServerBuild } from "@remix-run/node";
import busboy from "busboy";
import type { NextFunction, Request, Response } from "express";
import type { UploadHandle } from "../app/utils/uploads";
import { FIELD_NAME_LIMITS, fieldNamesProblem, type FieldNameProblem } from "../domain/form-field-names";
import { sendErrorScreen } from "./errors";

// Request bodies on a hostile network. Three rules:
// - A form post is read whole before the portal sees it, counting bytes as they come, whatever the
//   headers claim (chunked, multipart or a false Content-Length): past FORM_BODY_LIMIT it is a 413.
// - A route that streams an upload to the API says so in its module (`handle.streamsUpload`); its
//   multipart body goes through unread, and the API caps it per document and in total.
// - A form body's field names are checked before anything parses it into objects (a list index of a
//   hundred million in a 17-byte body filled the heap): too many fields, a name too long, a list index
//   beyond any form's, a negative or non-numeric one → 400 with the error screen (domain/form-field-names.ts).
//   An upload's multipart names are checked by the API as they stream (api/services/uploads/receive.ts).
// - A request answered before its body arrived (a refusal, a redirect, a 413) is not read to the
//   end: the connection is shut after the answer and closed soon after.

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

const hasBody = (req: Request) => req.method !== "GET" && req.method !== "HEAD";

/**
 * Reads a form body into memory up to `limit` bytes, counting what arrives. null: too large (the
 * rest is left unread); "gone": the client went away before the end.
 */
export function readLimited(req: Request, limit: number): Promise<Buffer | null | "gone"> {
  const declared = Number(req.get("content-length") ?? 0);
  if (declared > limit) return Promise.resolve(null);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Buffer | null | "gone") => {
      req.off("data", onData).off("end", onEnd).off("error", onGone).off("close", onClose);
      resolve(result);
    };
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
 * multipart body of an upload route, which streams on. Past the limit: 413 and no more reading.
 */
export function formBodies(isUpload: (pathname: string) => boolean | Promise<boolean>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    try {
      if (/^multipart\/form-data/i.test(req.get("content-type") ?? "") && (await isUpload(req.path))) return next();
      const body = await readLimited(req, FORM_BODY_LIMIT);
      if (body === "gone") return void req.socket?.destroy();
      if (body === null) {
        res.status(413).type("text/plain; charset=utf-8").send(TOO_LARGE);
        return;
      }
      if ((await refusedFieldNames(req.get("content-type") ?? "", body)) !== null) {
        sendErrorScreen(res, 400);
        return;
      }
      res.locals.body = body;
      next();
    } catch (error) {
      next(error);
    }
  };
}

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
 * The names of a multipart body (fields and files), cut one past the length limit; null when it cannot
 * be read. Fed in pieces, and stopped as soon as one name more than the limit is known.
 */
function multipartNames(contentType: string, body: Buffer): Promise<string[] | null> {
  return new Promise((resolve) => {
    const names: string[] = [];
    let done = false;
    const finish = (result: string[] | null) => {
      if (done) return;
      done = true;
      resolve(result);
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        limits: { fieldNameSize: FIELD_NAME_LIMITS.maxNameLength + 1, fieldSize: 0 },
        defParamCharset: "utf8",
      });
    } catch {
      return finish(null);
    }
    const tooLong = "x".repeat(FIELD_NAME_LIMITS.maxNameLength + 1);
    const seen = (name: string) => {
      names.push(name);
      if (names.length > FIELD_NAME_LIMITS.maxFields) finish(names);
    };
    parser.on("field", (name, _value, info) => seen(info.nameTruncated ? tooLong : name));
    parser.on("file", (name, stream) => {
      stream.resume();
      seen(name.length > FIELD_NAME_LIMITS.maxNameLength ? tooLong : name);
    });
    parser.on("error", () => finish(null));
    parser.on("close", () => finish(names));
    for (let at = 0; at < body.length && !done; at += 16 * 1024) parser.write(body.subarray(at, at + 16 * 1024));
    if (!done) parser.end();
    else parser.destroy();
  });
}

/**
 * What is wrong with a form body's field names, or null. A multipart body that cannot be read is refused
 * here too; a body that is no form at all (JSON, text) is left to the page, which answers it 400
 * (server/form-guard.ts).
 */
export async function refusedFieldNames(contentType: string, body: Buffer): Promise<FieldNameProblem | null> {
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) return fieldNamesProblem(urlencodedNames(body));
  if (/^multipart\/form-data/i.test(contentType)) {
    const names = await multipartNames(contentType, body);
    // A multipart body whose parts cannot be read (a header past its limit, a broken boundary) is no form.
    return names ? fieldNamesProblem(names) : "bad-syntax";
  }
  return null;
}
