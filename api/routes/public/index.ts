import { createRouter } from "../../http/router";
import * as handlers from "./public.handlers";
import * as routes from "./public.routes";

// Open statistics anyone may read (/waktu-proses): aggregates only, never a person or a file.
export const publicRouter = createRouter().openapi(routes.processingTimes, handlers.processingTimes);
