import { ROLE } from "#domain/roles";
import { clientIp } from "../../http/request";
import type { AppRouteHandler } from "../../http/env";
import { createFacilityProfile, facilityDashboard, myFacility, positionOptions as activePositions, submitFacilityData } from "../../services/facilities";
import { signUp, signUpPerson } from "../../services/sign-up";
import type * as routes from "./facility.routes";

export const registerFacility: AppRouteHandler<typeof routes.registerFacility> = async (c) => {
  const body = c.req.valid("json");
  const email = await signUp(
    c.var.deps,
    clientIp(c),
    { ...signUpPerson(body), isFasyankes: true, isHospitalVerified: false },
    { roleId: ROLE.ADMIN_FASYANKES, alongside: (tx, userId) => createFacilityProfile(tx, userId, body) },
  );
  return c.json({ data: { email } }, 201);
};

export const getMyFacility: AppRouteHandler<typeof routes.getMyFacility> = async (c) => {
  return c.json({ data: await myFacility(c.var.deps.db, c.var.user) }, 200);
};

export const putMyFacility: AppRouteHandler<typeof routes.putMyFacility> = async (c) => {
  return c.json({ data: await submitFacilityData(c.var.deps.db, c.var.user, c.req.valid("json")) }, 200);
};

export const positionOptions: AppRouteHandler<typeof routes.positionOptions> = async (c) => {
  return c.json({ data: await activePositions(c.var.deps.db) }, 200);
};

export const getDashboard: AppRouteHandler<typeof routes.getDashboard> = async (c) => {
  return c.json({ data: await facilityDashboard(c.var.deps.db, c.var.user) }, 200);
};
