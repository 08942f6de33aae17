import type { AppRouteHandler } from "../../http/env";
import { processingTimes as computeOrCached } from "../../services/processing-times";
import type * as routes from "./public.routes";

export const processingTimes: AppRouteHandler<typeof routes.processingTimes> = async (c) =>
  c.json({ data: await computeOrCached(c.var.deps.db) }, 200);
