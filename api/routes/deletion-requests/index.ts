import { createRouter } from "../../http/router";
import * as handlers from "./deletion-requests.handlers";
import * as routes from "./deletion-requests.routes";

export const deletionRequestsRouter = createRouter()
  .openapi(routes.ownDeletionRequest, handlers.ownDeletionRequest)
  .openapi(routes.requestDeletion, handlers.requestDeletion)
  .openapi(routes.listDeletionRequests, handlers.listDeletionRequests)
  .openapi(routes.decideDeletionRequest, handlers.decideDeletionRequest);
