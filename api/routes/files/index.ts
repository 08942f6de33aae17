import { createRouter } from "../../http/router";
import * as handlers from "./files.handlers";
import * as routes from "./files.routes";

export const filesRouter = createRouter().openapi(routes.getFile, handlers.getFile);
