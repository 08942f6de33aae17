import type { ReferenceInput, ReferenceKind } from "#domain/forms/admin";
import type { RouteConfig } from "@hono/zod-openapi";
import type { AppRouteHandler } from "../../http/env";
import { activePositions, createEntry, deleteEntry, entryNotFound, getEntry, listEntries, setEntryActive, updateEntry } from "../../services/admin/reference";
import type * as routes from "./reference.routes";
import { pageOf } from "./shared";

/** A path id that cannot be a row's (not a number, or beyond int4) is simply not found. */
function entryId(kind: ReferenceKind, raw: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw entryNotFound(kind);
  return id;
}

type R = routes.ReferenceRoutes;

/** The handlers of one list as its router reads them: typed with that list's routes (its path, its body). */
type HandlersOf<Rs extends Record<keyof R, RouteConfig>> = { [N in keyof R]: AppRouteHandler<Rs[N]> };

/**
 * The same seven handlers for each list, written once against the routes of any list. Each list's set is
 * then typed with its own routes, so the router records each list's paths and body for the portal's typed
 * client (docs/decisions/030-typed-seam.md): they differ only in the literal path and the narrower body.
 */
function referenceHandlers(kind: ReferenceKind) {
  const list: AppRouteHandler<R["list"]> = async (c) => {
    const { page, q, status } = c.req.valid("query");
    const { rows, meta } = await listEntries(c.var.deps.db, kind, { page: pageOf(page), q, status });
    return c.json({ data: rows, meta }, 200);
  };
  const create: AppRouteHandler<R["create"]> = async (c) =>
    c.json({ data: await createEntry(c.var.deps.db, c.var.user, kind, c.req.valid("json") as ReferenceInput) }, 201);
  const get: AppRouteHandler<R["get"]> = async (c) => c.json({ data: await getEntry(c.var.deps.db, kind, entryId(kind, c.req.valid("param").id)) }, 200);
  const update: AppRouteHandler<R["update"]> = async (c) => {
    const id = entryId(kind, c.req.valid("param").id);
    return c.json({ data: await updateEntry(c.var.deps.db, c.var.user, kind, id, c.req.valid("json") as ReferenceInput) }, 200);
  };
  const deactivate: AppRouteHandler<R["deactivate"]> = async (c) =>
    c.json({ data: await setEntryActive(c.var.deps.db, c.var.user, kind, entryId(kind, c.req.valid("param").id), false) }, 200);
  const activate: AppRouteHandler<R["activate"]> = async (c) =>
    c.json({ data: await setEntryActive(c.var.deps.db, c.var.user, kind, entryId(kind, c.req.valid("param").id), true) }, 200);
  const remove: AppRouteHandler<R["remove"]> = async (c) =>
    c.json({ data: await deleteEntry(c.var.deps.db, c.var.user, kind, entryId(kind, c.req.valid("param").id)) }, 200);
  return { list, create, get, update, deactivate, activate, remove };
}

export const specializations = referenceHandlers("specialization") as unknown as HandlersOf<typeof routes.specializations>;
export const institutions = referenceHandlers("institution") as unknown as HandlersOf<typeof routes.institutions>;
export const positions = referenceHandlers("position") as unknown as HandlersOf<typeof routes.positions>;

export const positionOptions: AppRouteHandler<typeof routes.positionOptions> = async (c) => c.json({ data: await activePositions(c.var.deps.db) }, 200);
