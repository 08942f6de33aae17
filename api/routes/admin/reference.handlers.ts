import type { ReferenceInput, ReferenceKind } from "#domain/forms/admin";
import type { AppRouteHandler } from "../../lib/types";
import { activePositions, createEntry, deleteEntry, entryNotFound, getEntry, listEntries, setEntryActive, updateEntry } from "../../services/admin-reference";
import type * as routes from "./reference.routes";
import { pageOf } from "./shared";

/** A path id that cannot be a row's (not a number, or beyond int4) is simply not found. */
function entryId(kind: ReferenceKind, raw: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw entryNotFound(kind);
  return id;
}

type R = routes.ReferenceRoutes;

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

export const specializations = referenceHandlers("specialization");
export const institutions = referenceHandlers("institution");
export const positions = referenceHandlers("position");

export const positionOptions: AppRouteHandler<typeof routes.positionOptions> = async (c) => c.json({ data: await activePositions(c.var.deps.db) }, 200);
