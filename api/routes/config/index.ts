import { createRouter } from "../../http/router";
import * as handlers from "./config.handlers";
import * as routes from "./config.routes";

export const configRouter = createRouter().openapi(routes.getPublicConfig, handlers.getPublicConfig);
