import { createRouter } from "../../http/router";
import * as handlers from "./retention.handlers";
import * as routes from "./retention.routes";

export const retentionRouter = createRouter()
  .openapi(routes.plannedDeletions, handlers.plannedDeletions)
  .openapi(routes.deleteOwnAccount, handlers.deleteOwnAccount);
