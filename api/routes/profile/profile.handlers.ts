import type { AppRouteHandler } from "../../http/env";
import { loadProfile, profileBody, saveProfile, saveProfilePhoto } from "../../services/profile";
import type * as routes from "./profile.routes";

export const getProfile: AppRouteHandler<typeof routes.getProfile> = async (c) => {
  const user = c.var.user;
  return c.json({ data: profileBody(user, await loadProfile(c.var.deps.db, user.id)) }, 200);
};

export const putProfile: AppRouteHandler<typeof routes.putProfile> = async (c) => {
  const user = c.var.user;
  return c.json({ data: profileBody(user, await saveProfile(c.var.deps.db, user, c.req.valid("json"))) }, 200);
};

export const uploadPhoto: AppRouteHandler<typeof routes.uploadPhoto> = async (c) => {
  return c.json({ data: { file_id: await saveProfilePhoto(c.var.deps, c.var.user, c.req.raw) } }, 200);
};
