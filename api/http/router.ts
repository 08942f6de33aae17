import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./env";
import { validationHook } from "../lib/validation";

/** A resource's router (api/routes/<resource>/index.ts): its routes, answering bad input as every route does. */
export const createRouter = () => new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
