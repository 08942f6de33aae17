import { createRouter } from "../../http/router";
import * as handlers from "./access-log.handlers";
import * as routes from "./access-log.routes";

export const accessLogRouter = createRouter().openapi(routes.ownAccessLog, handlers.ownAccessLog).openapi(routes.searchAccessLog, handlers.searchAccessLog);
