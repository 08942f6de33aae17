import type { AppRouteHandler } from "../../lib/types";
import { getPublicConfig as readPublicConfig } from "../../services/settings";
import type * as routes from "./config.routes";

export const getPublicConfig: AppRouteHandler<typeof routes.getPublicConfig> = async (c) =>
  c.json({ data: await readPublicConfig(c.var.deps.db) }, 200);
