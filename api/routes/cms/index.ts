import { createRouter } from "../../http/router";
import * as handlers from "./cms.handlers";
import * as routes from "./cms.routes";

// CMS (/master-cms): public reads and the Admin's edits.
export const cmsRouter = createRouter()
  .openapi(routes.getWelcome, handlers.getWelcome)
  .openapi(routes.getGuidebook, handlers.getGuidebook)
  .openapi(routes.getCms, handlers.getCms)
  .openapi(routes.putWelcome, handlers.putWelcome)
  .openapi(routes.putNavbarLinks, handlers.putNavbarLinks)
  .openapi(routes.putFaq, handlers.putFaq)
  .openapi(routes.uploadGuidebook, handlers.uploadGuidebook)
  .openapi(routes.announcements.create, handlers.announcements.create)
  .openapi(routes.announcements.get, handlers.announcements.get)
  .openapi(routes.announcements.update, handlers.announcements.update)
  .openapi(routes.announcements.deactivate, handlers.announcements.deactivate)
  .openapi(routes.announcements.activate, handlers.announcements.activate);
