import { createRouter } from "../../http/router";
import * as handlers from "./profile.handlers";
import * as routes from "./profile.routes";

export const profileRouter = createRouter()
  .openapi(routes.getProfile, handlers.getProfile)
  .openapi(routes.putProfile, handlers.putProfile)
  .openapi(routes.uploadPhoto, handlers.uploadPhoto);
