import { isOfferedPeriod, periodOf } from "#domain/performance";
import { apiField, detail } from "#domain/validation-details";
import { ApiError } from "../../lib/errors";
import type { AppRouteHandler } from "../../http/env";
import { performance } from "../../services/performance";
import type * as routes from "./performance.routes";

export const getPerformance: AppRouteHandler<typeof routes.getPerformance> = async (c) => {
  const { jalur, period } = c.req.valid("query");
  const now = new Date();
  // A month the filter does not offer (in the future, or more than two years back) is refused, not guessed.
  if (period !== undefined && !isOfferedPeriod(period, now))
    throw new ApiError(400, "VALIDATION_ERROR", undefined, {}, [detail("period", "oneOf", { field: apiField("period") })]);
  return c.json({ data: await performance(c.var.deps.db, { jalur, period: period ?? periodOf(now), now }) }, 200);
};
