import { createRouter } from "../../http/router";
import * as handlers from "./facility.handlers";
import * as routes from "./facility.routes";

// The facility admin's own account (role 8): sign-up, /personal-data, /dashboard.
export const facilityRouter = createRouter()
  .openapi(routes.registerFacility, handlers.registerFacility)
  .openapi(routes.getMyFacility, handlers.getMyFacility)
  .openapi(routes.putMyFacility, handlers.putMyFacility)
  .openapi(routes.positionOptions, handlers.positionOptions)
  .openapi(routes.getDashboard, handlers.getDashboard);
