import { createRouter } from "../../http/router";
import * as handlers from "./test-schedules.handlers";
import * as routes from "./test-schedules.routes";

// The test schedule: the public list and the Admin's edits (/master-cms).
export const testSchedulesRouter = createRouter()
  .openapi(routes.listTestSchedules, handlers.listTestSchedules)
  .openapi(routes.admin.create, handlers.admin.create)
  .openapi(routes.admin.get, handlers.admin.get)
  .openapi(routes.admin.update, handlers.admin.update)
  .openapi(routes.admin.deactivate, handlers.admin.deactivate)
  .openapi(routes.admin.activate, handlers.admin.activate);
