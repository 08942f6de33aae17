import { createRouter } from "../../http/router";
import * as handlers from "./performance.handlers";
import * as routes from "./performance.routes";

export const performanceRouter = createRouter().openapi(routes.getPerformance, handlers.getPerformance);
