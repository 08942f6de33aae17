import { createRouter } from "../../http/router";
import { requireUser } from "../../middleware/auth";
import * as handlers from "./uploads.handlers";

// Resumable uploads (tus): /uploads creates one, /uploads/<id> is it. Whose an upload is, and what it may
// be for (the caller's draft or reupload), is decided when it is created (api/services/resumable/tus.ts).
export const uploadsRouter = createRouter().on(handlers.ROUTED_METHODS, ["/uploads", "/uploads/:id"], requireUser, handlers.tus);
