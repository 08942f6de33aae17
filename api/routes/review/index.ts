import { createRouter } from "../../http/router";
import * as handlers from "./review.handlers";
import * as routes from "./review.routes";

export const reviewRouter = createRouter()
  .openapi(routes.list, handlers.list)
  .openapi(routes.exportCsv, handlers.exportCsv)
  .openapi(routes.getOne, handlers.getOne)
  .openapi(routes.decide, handlers.decide);
