import type { AppRouteHandler } from "../../http/env";
import { createStaff, listStaff, sendStaffPasswordReset, setStaffActive, staffDetail, updateStaff } from "../../services/admin/users";
import { pageOf } from "./shared";
import type * as routes from "./users.routes";

export const listUsers: AppRouteHandler<typeof routes.listUsers> = async (c) => {
  const { page, q, role, status } = c.req.valid("query");
  const { rows, meta } = await listStaff(c.var.deps.db, { page: pageOf(page), q, role: role ? Number(role) : undefined, status });
  return c.json({ data: rows, meta }, 200);
};

export const createUser: AppRouteHandler<typeof routes.createUser> = async (c) => {
  const { db, mailer } = c.var.deps;
  return c.json({ data: await createStaff(db, mailer, c.var.user, c.req.valid("json")) }, 201);
};

export const getUser: AppRouteHandler<typeof routes.getUser> = async (c) => {
  return c.json({ data: await staffDetail(c.var.deps.db, c.req.valid("param").id) }, 200);
};

export const updateUser: AppRouteHandler<typeof routes.updateUser> = async (c) => {
  const data = await updateStaff(c.var.deps.db, c.var.user, c.req.valid("param").id, c.req.valid("json"));
  return c.json({ data }, 200);
};

export const deactivateUser: AppRouteHandler<typeof routes.deactivateUser> = async (c) => {
  const data = await setStaffActive(c.var.deps.db, c.var.user, c.req.valid("param").id, false, c.req.valid("json").reason);
  return c.json({ data }, 200);
};

export const reactivateUser: AppRouteHandler<typeof routes.reactivateUser> = async (c) => {
  const data = await setStaffActive(c.var.deps.db, c.var.user, c.req.valid("param").id, true, c.req.valid("json").reason);
  return c.json({ data }, 200);
};

export const sendPasswordReset: AppRouteHandler<typeof routes.sendPasswordReset> = async (c) => {
  const { db, mailer } = c.var.deps;
  return c.json({ data: await sendStaffPasswordReset(db, mailer, c.var.user, c.req.valid("param").id) }, 200);
};
