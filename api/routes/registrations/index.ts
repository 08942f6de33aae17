import { createRouter } from "../../http/router";
import * as handlers from "./registrations.handlers";
import * as routes from "./registrations.routes";

// A verified facility admin registers professionals (/register-competency-evaluation).
export const registrationsRouter = createRouter()
  .openapi(routes.listActivityKinds, handlers.listActivityKinds)
  .openapi(routes.listRegistrations, handlers.listRegistrations)
  .openapi(routes.createRegistration, handlers.createRegistration)
  .openapi(routes.getRegistration, handlers.getRegistration);
