import { createRouter } from "../../http/router";
import * as handlers from "./reference.handlers";
import * as routes from "./reference.routes";

export const referenceRouter = createRouter()
  .openapi(routes.listInstitutions, handlers.listInstitutions)
  .openapi(routes.listSpecializations, handlers.listSpecializations)
  .openapi(routes.listAchievementTypes, handlers.listAchievementTypes);
