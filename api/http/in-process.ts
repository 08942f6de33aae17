import type { MiddlewareHandler } from "hono";
import type { InProcessCall } from "#contracts/in-process";
import { patchOn } from "#domain/framework-patches";
import type { AppEnv } from "./env";

export type { InProcessCall };

// The portal's calls when the API runs in its process (no HTTP, no JSON inside one process).
// Each call still goes through the API's router, middleware, validators and handlers — the same contract as
// over HTTP — but the handler's answer is handed over as the object it built, and the user one call of a
// page request verified is not looked up again by the next. The portal's client (app/utils/api.server.ts)
// makes these; nothing that arrives over HTTP carries them.

/**
 * For an in-process call, c.json keeps the object for the caller and answers an empty body with the same
 * status and headers; over HTTP it does nothing. After a write, the page request's verified user is
 * forgotten.
 */
export const handOverJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  const call = c.env?.inProcess;
  // The hand-over is a framework patch (Hono's c.json): FRAMEWORK_PATCHES_OFF=json-handover answers JSON.
  if (call && patchOn("json-handover")) {
    c.json = ((object: unknown, arg?: unknown, headers?: unknown) => {
      call.payload = object;
      return c.body(null, arg as never, headers as never);
    }) as unknown as typeof c.json;
  }
  await next();
  // A write may end the session or change the user (logout, password, deactivation): checked again after it.
  if (call && c.req.method !== "GET" && c.req.method !== "HEAD") call.session.verified = undefined;
};
