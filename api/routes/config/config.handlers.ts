import type { AppRouteHandler } from "../../http/env";
import { cachedPublicConfig } from "../../services/settings";
import type * as routes from "./config.routes";

export const getPublicConfig: AppRouteHandler<typeof routes.getPublicConfig> = async (c) => c.json({ data: await cachedPublicConfig(c.var.deps.db) }, 200);
