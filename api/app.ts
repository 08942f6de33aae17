import { tmpdir } from "node:os";
import path from "node:path";
import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import pino from "pino";
import type { Database } from "./db/client";
import { databaseUnreachable } from "./db/errors";
import { ApiError, errorBody, MESSAGES } from "./lib/errors";
import type { ApiConfig, ApiDeps, AppEnv, ResolvedConfig } from "./lib/types";
import { validationHook } from "./lib/validation";
import { APPLICANT_ONLY } from "../domain/roles";
import { afterValidation, allow } from "./middleware/allow";
import { requireApiKey } from "./middleware/api-key";
import { rejectNul } from "./middleware/no-nul";
import { createMailer, type Mailer } from "./services/mail";
import { createLoginThrottle } from "./services/login-throttle";
import { createRateLimiter } from "./services/rate-limit";
import { createDiskStorage } from "./services/storage";
import * as accountHandlers from "./routes/accounts/accounts.handlers";
import * as accountRoutes from "./routes/accounts/accounts.routes";
import * as authHandlers from "./routes/auth/auth.handlers";
import * as authRoutes from "./routes/auth/auth.routes";
import * as facilityHandlers from "./routes/facility/facility.handlers";
import * as facilityRoutes from "./routes/facility/facility.routes";
import * as configHandlers from "./routes/config/config.handlers";
import * as configRoutes from "./routes/config/config.routes";
import * as countryHandlers from "./routes/countries/countries.handlers";
import * as countryRoutes from "./routes/countries/countries.routes";
import * as docHandlers from "./routes/document-requirements/document-requirements.handlers";
import * as docRoutes from "./routes/document-requirements/document-requirements.routes";
import * as meHandlers from "./routes/me/me.handlers";
import * as meRoutes from "./routes/me/me.routes";
import * as applicationHandlers from "./routes/applications/applications.handlers";
import * as applicationRoutes from "./routes/applications/applications.routes";
import * as additionalHandlers from "./routes/additional/additional.handlers";
import * as additionalRoutes from "./routes/additional/additional.routes";
import * as fileHandlers from "./routes/files/files.handlers";
import * as fileRoutes from "./routes/files/files.routes";
import * as profileHandlers from "./routes/profile/profile.handlers";
import * as profileRoutes from "./routes/profile/profile.routes";
import * as referenceHandlers from "./routes/reference/reference.handlers";
import * as reviewHandlers from "./routes/review/review.handlers";
import * as reviewRoutes from "./routes/review/review.routes";
import * as referenceRoutes from "./routes/reference/reference.routes";
import * as scheduleHandlers from "./routes/test-schedules/test-schedules.handlers";
import * as scheduleRoutes from "./routes/test-schedules/test-schedules.routes";
import * as adminUserHandlers from "./routes/admin/users.handlers";
import * as adminUserRoutes from "./routes/admin/users.routes";
import * as adminSlaHandlers from "./routes/admin/sla.handlers";
import * as adminSlaRoutes from "./routes/admin/sla.routes";
import * as adminRefHandlers from "./routes/admin/reference.handlers";
import * as adminRefRoutes from "./routes/admin/reference.routes";
import * as cmsHandlers from "./routes/cms/cms.handlers";
import * as cmsRoutes from "./routes/cms/cms.routes";
import * as adminFacilityHandlers from "./routes/admin/facilities.handlers";
import * as adminFacilityRoutes from "./routes/admin/facilities.routes";
import * as registrationHandlers from "./routes/registrations/registrations.handlers";
import * as registrationRoutes from "./routes/registrations/registrations.routes";

export type { ApiConfig, AppEnv, MailConfig, RateLimitConfig } from "./lib/types";

export const API_BASE = "/api/v1";
const OPENAPI_PATH = `${API_BASE}/openapi.json`;
const JSON_BODY_LIMIT = 1024 * 1024;

export const DEFAULT_PUBLIC_URL = "http://localhost:3000";

function resolveConfig(config: ApiConfig): ResolvedConfig {
  if (!config.apiKey || !config.jwtSecret) throw new Error("API: apiKey and jwtSecret must be set");
  if (config.trustProxy !== undefined && !(Number.isInteger(config.trustProxy) && config.trustProxy >= 0)) {
    throw new Error("API: trustProxy (TRUST_PROXY) must be the number of reverse proxies in front of the API, e.g. 1");
  }
  const limits = config.rateLimits;
  return {
    apiKey: config.apiKey,
    jwtSecret: config.jwtSecret,
    accessTokenTtlSec: config.accessTokenTtlSec ?? 3600,
    refreshTokenTtlSec: config.refreshTokenTtlSec ?? 7 * 24 * 3600,
    rateLimits: {
      loginPerIp: limits?.loginPerIp ?? 100,
      loginPerAccount: limits?.loginPerAccount ?? 5,
      windowSec: limits?.windowSec ?? 900,
      loginPerAccountAllAddresses: limits?.loginPerAccountAllAddresses ?? 10 * (limits?.loginPerAccount ?? 5),
      loginDelayBaseSec: limits?.loginDelayBaseSec ?? 30,
      loginDelayMaxSec: limits?.loginDelayMaxSec ?? 900,
      signUpPerIp: limits?.signUpPerIp ?? 10,
      mailPerEmail: limits?.mailPerEmail ?? 3,
      mailPerIp: limits?.mailPerIp ?? 20,
      accountWindowSec: limits?.accountWindowSec ?? 3600,
    },
    logger: config.logger ?? pino({ level: process.env.LOG_LEVEL ?? "info" }),
    filesDir: path.resolve(config.filesDir ?? path.join(tmpdir(), "adaptasi-files")),
    trustProxy: config.trustProxy ?? 0,
  };
}

/**
 * Builds the API. `mailer` lets several apps share one outbox (startApi, tests); without it the app
 * makes its own from `config.mail`.
 */
export function createApiApp(deps: { db: Database; config: ApiConfig; mailer?: Mailer }): OpenAPIHono<AppEnv> {
  const config = resolveConfig(deps.config);
  const { windowSec, accountWindowSec } = config.rateLimits;
  const ctx: ApiDeps = {
    db: deps.db,
    config,
    loginThrottle: createLoginThrottle(deps.db, config.rateLimits, createRateLimiter(deps.db, windowSec, "login")),
    accountRateLimiter: createRateLimiter(deps.db, accountWindowSec, "account"),
    mailer:
      deps.mailer ??
      createMailer({
        smtpUrl: deps.config.mail?.smtpUrl,
        outboxDir: deps.config.mail?.outboxDir ?? path.join(tmpdir(), "adaptasi-outbox"),
        publicUrl: deps.config.mail?.publicUrl ?? DEFAULT_PUBLIC_URL,
        from: deps.config.mail?.from,
        logger: config.logger.child({ component: "mail" }),
      }),
    storage: createDiskStorage(config.filesDir),
    uploadTmpDir: path.join(config.filesDir, "tmp"),
  };
  const { logger } = ctx.config;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.use("*", async (c, next) => {
    c.set("deps", ctx);
    await next();
  });
  app.use(`${API_BASE}/*`, requireApiKey(ctx.config.apiKey, [OPENAPI_PATH]));
  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new ApiError(413, "PAYLOAD_TOO_LARGE");
    },
  });
  app.use(`${API_BASE}/*`, async (c, next) => {
    // Uploads stream with their own per-document limits; everything else is small JSON.
    if (c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data")) return next();
    return jsonBodyLimit(c, next);
  });
  // PostgreSQL text cannot hold NUL: refuse it as bad input instead of failing at the INSERT (issue 8).
  app.use(`${API_BASE}/*`, rejectNul);

  const v1 = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(authRoutes.login, authHandlers.login)
    .openapi(authRoutes.refresh, authHandlers.refresh)
    .openapi(authRoutes.revoke, authHandlers.revoke)
    .openapi(meRoutes.getMe, meHandlers.getMe)
    .openapi(meRoutes.changePassword, meHandlers.changePassword)
    .openapi(accountRoutes.registerCitizen, accountHandlers.registerCitizen)
    .openapi(accountRoutes.registerForeign, accountHandlers.registerForeign)
    .openapi(accountRoutes.activate, accountHandlers.activate)
    .openapi(accountRoutes.resendActivation, accountHandlers.resendActivation)
    .openapi(accountRoutes.forgotPassword, accountHandlers.forgotPassword)
    .openapi(accountRoutes.checkResetToken, accountHandlers.checkResetToken)
    .openapi(accountRoutes.resetPassword, accountHandlers.resetPassword)
    // The facility admin's own account (role 8): sign-up, /personal-data, /dashboard
    .openapi(facilityRoutes.registerFacility, facilityHandlers.registerFacility)
    .openapi(facilityRoutes.getMyFacility, facilityHandlers.getMyFacility)
    .openapi(facilityRoutes.putMyFacility, facilityHandlers.putMyFacility)
    .openapi(facilityRoutes.positionOptions, facilityHandlers.positionOptions)
    .openapi(facilityRoutes.getDashboard, facilityHandlers.getDashboard)
    .openapi(configRoutes.getPublicConfig, configHandlers.getPublicConfig)
    .openapi(countryRoutes.listCountries, countryHandlers.listCountries)
    .openapi(docRoutes.listDocumentRequirements, docHandlers.listDocumentRequirements)
    .openapi(scheduleRoutes.listTestSchedules, scheduleHandlers.listTestSchedules)
    .openapi(referenceRoutes.listInstitutions, referenceHandlers.listInstitutions)
    .openapi(referenceRoutes.listSpecializations, referenceHandlers.listSpecializations)
    .openapi(referenceRoutes.listAchievementTypes, referenceHandlers.listAchievementTypes)
    .openapi(profileRoutes.getProfile, profileHandlers.getProfile)
    .openapi(profileRoutes.putProfile, profileHandlers.putProfile)
    .openapi(profileRoutes.uploadPhoto, profileHandlers.uploadPhoto)
    .openapi(applicationRoutes.getCurrent, applicationHandlers.getCurrent)
    // Facility admins (role 8) register professionals through their own flow (/registrations).
    .openapi(applicationRoutes.create, afterValidation(allow(APPLICANT_ONLY, { otherwise: "APPLICANTS_ONLY" }), applicationHandlers.create))
    .openapi(applicationRoutes.getOne, applicationHandlers.getOne)
    .openapi(applicationRoutes.changeJalur, applicationHandlers.changeJalur)
    .openapi(applicationRoutes.uploadDocuments, applicationHandlers.uploadDocuments)
    .openapi(applicationRoutes.deleteDocument, applicationHandlers.deleteDocument)
    .openapi(applicationRoutes.submit, applicationHandlers.submit)
    .openapi(applicationRoutes.reupload, applicationHandlers.reupload)
    .openapi(applicationRoutes.getPortfolio, applicationHandlers.getPortfolio)
    .openapi(applicationRoutes.putPortfolio, applicationHandlers.putPortfolio)
    .openapi(applicationRoutes.getAchievements, applicationHandlers.getAchievements)
    .openapi(applicationRoutes.putAchievements, applicationHandlers.putAchievements)
    .openapi(additionalRoutes.list, additionalHandlers.list)
    .openapi(additionalRoutes.upload, additionalHandlers.upload)
    .openapi(additionalRoutes.request, additionalHandlers.request)
    .openapi(fileRoutes.getFile, fileHandlers.getFile)
    .openapi(reviewRoutes.list, reviewHandlers.list)
    .openapi(reviewRoutes.exportCsv, reviewHandlers.exportCsv)
    .openapi(reviewRoutes.getOne, reviewHandlers.getOne)
    .openapi(reviewRoutes.decide, reviewHandlers.decide)
    // Administration (issue 6)
    .openapi(adminUserRoutes.listUsers, adminUserHandlers.listUsers)
    .openapi(adminUserRoutes.createUser, adminUserHandlers.createUser)
    .openapi(adminUserRoutes.getUser, adminUserHandlers.getUser)
    .openapi(adminUserRoutes.updateUser, adminUserHandlers.updateUser)
    .openapi(adminUserRoutes.deactivateUser, adminUserHandlers.deactivateUser)
    .openapi(adminUserRoutes.reactivateUser, adminUserHandlers.reactivateUser)
    .openapi(adminUserRoutes.sendPasswordReset, adminUserHandlers.sendPasswordReset)
    .openapi(adminSlaRoutes.getSla, adminSlaHandlers.getSla)
    .openapi(adminSlaRoutes.putSla, adminSlaHandlers.putSla)
    .openapi(adminRefRoutes.positionOptions, adminRefHandlers.positionOptions)
    .openapi(adminRefRoutes.specializations.list, adminRefHandlers.specializations.list)
    .openapi(adminRefRoutes.specializations.create, adminRefHandlers.specializations.create)
    .openapi(adminRefRoutes.specializations.get, adminRefHandlers.specializations.get)
    .openapi(adminRefRoutes.specializations.update, adminRefHandlers.specializations.update)
    .openapi(adminRefRoutes.specializations.deactivate, adminRefHandlers.specializations.deactivate)
    .openapi(adminRefRoutes.specializations.activate, adminRefHandlers.specializations.activate)
    .openapi(adminRefRoutes.specializations.remove, adminRefHandlers.specializations.remove)
    .openapi(adminRefRoutes.institutions.list, adminRefHandlers.institutions.list)
    .openapi(adminRefRoutes.institutions.create, adminRefHandlers.institutions.create)
    .openapi(adminRefRoutes.institutions.get, adminRefHandlers.institutions.get)
    .openapi(adminRefRoutes.institutions.update, adminRefHandlers.institutions.update)
    .openapi(adminRefRoutes.institutions.deactivate, adminRefHandlers.institutions.deactivate)
    .openapi(adminRefRoutes.institutions.activate, adminRefHandlers.institutions.activate)
    .openapi(adminRefRoutes.institutions.remove, adminRefHandlers.institutions.remove)
    .openapi(adminRefRoutes.positions.list, adminRefHandlers.positions.list)
    .openapi(adminRefRoutes.positions.create, adminRefHandlers.positions.create)
    .openapi(adminRefRoutes.positions.get, adminRefHandlers.positions.get)
    .openapi(adminRefRoutes.positions.update, adminRefHandlers.positions.update)
    .openapi(adminRefRoutes.positions.deactivate, adminRefHandlers.positions.deactivate)
    .openapi(adminRefRoutes.positions.activate, adminRefHandlers.positions.activate)
    .openapi(adminRefRoutes.positions.remove, adminRefHandlers.positions.remove)
    // CMS (/master-cms): public reads, the Admin's edits and the test schedule
    .openapi(cmsRoutes.getWelcome, cmsHandlers.getWelcome)
    .openapi(cmsRoutes.getGuidebook, cmsHandlers.getGuidebook)
    .openapi(cmsRoutes.getCms, cmsHandlers.getCms)
    .openapi(cmsRoutes.putWelcome, cmsHandlers.putWelcome)
    .openapi(cmsRoutes.putNavbarLinks, cmsHandlers.putNavbarLinks)
    .openapi(cmsRoutes.putFaq, cmsHandlers.putFaq)
    .openapi(cmsRoutes.uploadGuidebook, cmsHandlers.uploadGuidebook)
    .openapi(cmsRoutes.announcements.create, cmsHandlers.announcements.create)
    .openapi(cmsRoutes.announcements.get, cmsHandlers.announcements.get)
    .openapi(cmsRoutes.announcements.update, cmsHandlers.announcements.update)
    .openapi(cmsRoutes.announcements.deactivate, cmsHandlers.announcements.deactivate)
    .openapi(cmsRoutes.announcements.activate, cmsHandlers.announcements.activate)
    .openapi(scheduleRoutes.admin.create, scheduleHandlers.admin.create)
    .openapi(scheduleRoutes.admin.get, scheduleHandlers.admin.get)
    .openapi(scheduleRoutes.admin.update, scheduleHandlers.admin.update)
    .openapi(scheduleRoutes.admin.deactivate, scheduleHandlers.admin.deactivate)
    .openapi(scheduleRoutes.admin.activate, scheduleHandlers.admin.activate)
    // Facility admins and their verification (/admin-fasyankes-list)
    .openapi(adminFacilityRoutes.listFacilities, adminFacilityHandlers.listFacilities)
    .openapi(adminFacilityRoutes.createFacility, adminFacilityHandlers.createFacility)
    .openapi(adminFacilityRoutes.getFacility, adminFacilityHandlers.getFacility)
    .openapi(adminFacilityRoutes.verifyFacility, adminFacilityHandlers.verifyFacility)
    // A verified facility admin registers professionals (/register-competency-evaluation)
    .openapi(registrationRoutes.listActivityKinds, registrationHandlers.listActivityKinds)
    .openapi(registrationRoutes.listRegistrations, registrationHandlers.listRegistrations)
    .openapi(registrationRoutes.createRegistration, registrationHandlers.createRegistration)
    .openapi(registrationRoutes.getRegistration, registrationHandlers.getRegistration);
  app.route(API_BASE, v1);

  app.openAPIRegistry.registerComponent("securitySchemes", "ApiKey", {
    type: "apiKey",
    in: "header",
    name: "x-adaptasiapikey",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "Bearer", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
  });
  app.doc(OPENAPI_PATH, {
    openapi: "3.0.3",
    info: {
      title: "Adaptasi Nakes LLN API",
      version: "1.0.0",
      description: "API Portal Adaptasi Tenaga Kesehatan Lulusan Luar Negeri. Setiap panggilan membawa header x-adaptasiapikey.",
    },
    security: [{ ApiKey: [] }],
  });

  app.notFound((c) => c.json(errorBody("NOT_FOUND", MESSAGES.NOT_FOUND), 404));
  app.onError((err, c) => {
    if (err instanceof ApiError) {
      return c.json(errorBody(err.code, err.message, err.details), err.status, err.headers);
    }
    if (err instanceof HTTPException) {
      // Hono's own 4xx: unparsable JSON (400) or a body that is not JSON (415).
      if (err.status === 400 || err.status === 415) return c.json(errorBody("MALFORMED_BODY", MESSAGES.MALFORMED_BODY), 400);
      if (err.status === 413) return c.json(errorBody("PAYLOAD_TOO_LARGE", MESSAGES.PAYLOAD_TOO_LARGE), 413);
      if (err.status < 500) return c.json(errorBody("VALIDATION_ERROR", err.message), err.status);
    }
    if (databaseUnreachable(err)) {
      logger.error({ err, method: c.req.method, path: c.req.path }, "database unreachable");
      return c.json(errorBody("DATABASE_UNAVAILABLE", MESSAGES.DATABASE_UNAVAILABLE), 503, { "Retry-After": "30" });
    }
    logger.error({ err, method: c.req.method, path: c.req.path }, "unhandled API error");
    return c.json(errorBody("INTERNAL_ERROR", MESSAGES.INTERNAL_ERROR), 500);
  });

  return app;
}
