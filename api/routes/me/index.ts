import { createRouter } from "../../http/router";
import * as handlers from "./me.handlers";
import * as routes from "./me.routes";

export const meRouter = createRouter().openapi(routes.getMe, handlers.getMe).openapi(routes.changePassword, handlers.changePassword);
