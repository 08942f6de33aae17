import { APPLICANT_ROLES } from "#domain/roles";
import { afterValidation, allow } from "../../middleware/allow";
import { createRouter } from "../../http/router";
import * as handlers from "./applications.handlers";
import * as routes from "./applications.routes";

export const applicationsRouter = createRouter()
  .openapi(routes.getCurrent, handlers.getCurrent)
  .openapi(routes.getCurrentSummary, handlers.getCurrentSummary)
  // Applicants only; facility admins (role 8) register professionals through /registrations. Decided
  // after the body is validated, so a non-applicant's invalid body still reads 400 (applications.test.ts).
  .openapi(routes.create, afterValidation(allow(APPLICANT_ROLES, { otherwise: "APPLICANTS_ONLY" }), handlers.create))
  .openapi(routes.getOne, handlers.getOne)
  .openapi(routes.changeJalur, handlers.changeJalur)
  .openapi(routes.uploadDocuments, handlers.uploadDocuments)
  .openapi(routes.deleteDocument, handlers.deleteDocument)
  .openapi(routes.submit, handlers.submit)
  .openapi(routes.reupload, handlers.reupload)
  .openapi(routes.returnReupload, handlers.returnReupload)
  .openapi(routes.getFileHistory, handlers.getFileHistory)
  .openapi(routes.getPortfolio, handlers.getPortfolio)
  .openapi(routes.putPortfolio, handlers.putPortfolio)
  .openapi(routes.getAchievements, handlers.getAchievements)
  .openapi(routes.putAchievements, handlers.putAchievements);
