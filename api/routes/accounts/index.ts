import { createRouter } from "../../http/router";
import * as handlers from "./accounts.handlers";
import * as routes from "./accounts.routes";

export const accountsRouter = createRouter()
  .openapi(routes.registerCitizen, handlers.registerCitizen)
  .openapi(routes.registerForeign, handlers.registerForeign)
  .openapi(routes.activate, handlers.activate)
  .openapi(routes.resendActivation, handlers.resendActivation)
  .openapi(routes.forgotPassword, handlers.forgotPassword)
  .openapi(routes.checkResetToken, handlers.checkResetToken)
  .openapi(routes.resetPassword, handlers.resetPassword);
