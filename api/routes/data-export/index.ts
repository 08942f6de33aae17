import { createRouter } from "../../lib/router";
import * as handlers from "./data-export.handlers";
import * as routes from "./data-export.routes";

export const dataExportRouter = createRouter()
  .openapi(routes.ownDataExport, handlers.ownDataExport)
  .openapi(routes.registrationDataExport, handlers.registrationDataExport);
