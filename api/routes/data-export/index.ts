import { createRouter } from "../../http/router";
import * as handlers from "./data-export.handlers";
import * as routes from "./data-export.routes";

export const dataExportRouter = createRouter()
  .openapi(routes.ownDataExportSize, handlers.ownDataExportSize)
  .openapi(routes.ownDataExport, handlers.ownDataExport)
  .openapi(routes.registrationDataExportSize, handlers.registrationDataExportSize)
  .openapi(routes.registrationDataExport, handlers.registrationDataExport);
