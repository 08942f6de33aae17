import { createRouter } from "../../http/router";
import * as handlers from "./additional.handlers";
import * as routes from "./additional.routes";

export const additionalRouter = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.upload, handlers.upload)
  .openapi(routes.request, handlers.request);
