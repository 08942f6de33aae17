import { createRouter } from "../../http/router";
import * as handlers from "./document-requirements.handlers";
import * as routes from "./document-requirements.routes";

export const documentRequirementsRouter = createRouter().openapi(routes.listDocumentRequirements, handlers.listDocumentRequirements);
