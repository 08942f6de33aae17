import { COUNTRIES } from "#domain/countries";
import type { AppRouteHandler } from "../../http/env";
import type * as routes from "./countries.routes";

const DATA = { data: COUNTRIES.map(([code, name]) => ({ code, name })) };

export const listCountries: AppRouteHandler<typeof routes.listCountries> = (c) => c.json(DATA, 200);
