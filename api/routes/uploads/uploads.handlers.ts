import type { Server } from "@tus/server";
import type { Context } from "hono";
import { ApiError } from "../../lib/errors";
import type { ApiDeps } from "../../services/deps";
import type { AppEnv } from "../../http/env";
import { createTusServer, handleAs } from "../../services/resumable/tus";

// The tus protocol's requests (docs/decisions/027-resumable-uploads.md), handed to tus-node-server with
// the caller requireUser found. Not an OpenAPI route: tus defines its own headers and answers.

export const UPLOADS_PATH = "/api/v1/uploads";

/** The methods of tus's core, creation and termination; a GET (reading an upload back) is not served. */
export const TUS_METHODS = ["POST", "HEAD", "PATCH", "DELETE", "OPTIONS"];

/** Hono routes a HEAD as a GET (and drops the body of the answer): the router takes GET so HEAD arrives. */
export const ROUTED_METHODS = [...TUS_METHODS, "GET"];

const servers = new WeakMap<ApiDeps, Server>();

function serverOf(deps: ApiDeps): Server {
  let server = servers.get(deps);
  if (!server) servers.set(deps, (server = createTusServer(deps, UPLOADS_PATH)));
  return server;
}

export async function tus(c: Context<AppEnv>): Promise<Response> {
  if (!TUS_METHODS.includes(c.req.raw.method)) throw new ApiError(404, "NOT_FOUND");
  return handleAs(serverOf(c.var.deps), c.req.raw, c.var.user);
}
