import { createRouter } from "../../http/router";
import * as handlers from "./countries.handlers";
import * as routes from "./countries.routes";

export const countriesRouter = createRouter().openapi(routes.listCountries, handlers.listCountries);
