import { createRouter } from "../../http/router";
import * as handlers from "./letters.handlers";
import * as routes from "./letters.routes";

export const lettersRouter = createRouter()
  .openapi(routes.mine, handlers.mine)
  .openapi(routes.pdf, handlers.pdf)
  .openapi(routes.keys, handlers.keys)
  .openapi(routes.verifyToken, handlers.verifyToken)
  .openapi(routes.verifyNumber, handlers.verifyNumber)
  .openapi(routes.ofApplication, handlers.ofApplication)
  .openapi(routes.revoke, handlers.revoke)
  .openapi(routes.reissue, handlers.reissue);
