import { createHash, timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { Gauge } from "prom-client";
import { httpRequestDuration, httpResponses, registry, routePatternOf } from "../api/lib/metrics";
import type { pino } from "pino";
import { FRAMEWORK_PATCH_NAMES, patchOn } from "#domain/framework-patches";
import type { BuildInfo } from "./build-info";
import { passRejections } from "./errors";

// /metrics (Prometheus text format) and the request metric every answer feeds.

/**
 * A request's route pattern, never its path with ids or query: the API's (it marks it), the hashed
 * assets, an Express route's, or the page route `pageRoute` finds. For /metrics and the access log.
 */
export function routeLabel(req: Request, pageRoute: ((pathname: string) => string) | undefined): string {
  const path = req.originalUrl.split("?")[0];
  if (path === "/api/v1" || path.startsWith("/api/v1/")) return routePatternOf(req) ?? "/api/v1/*";
  if (path.startsWith("/assets/")) return "/assets/*";
  if (req.route && typeof req.route.path === "string" && req.route.path !== "*") return req.route.path;
  return pageRoute?.(req.path) ?? "page";
}

/**
 * Times every request until its answer is sent (or the client goes), labelled by the route's pattern:
 * the API's (it marks it), an Express route's, the hashed assets, or the page route `pageRoute` finds.
 */
export function measureRequests(pageRoute: () => ((pathname: string) => string) | undefined): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    let done = false;
    const record = (status: string) => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeLabel(req, pageRoute());
      httpRequestDuration.observe({ method: req.method, route, status }, seconds);
      httpResponses.inc({ status });
    };
    res.on("finish", () => record(String(res.statusCode)));
    res.on("close", () => record("aborted")); // the client left, or the connection was cut, before the answer ended
    next();
  };
}

const buildInfoGauge = new Gauge({
  name: "adaptasi_build_info",
  help: "Always 1: the version and the commit of the code this instance runs",
  labelNames: ["version", "commit"] as const,
  registers: [registry],
});

/** adaptasi_build_info{version,commit} 1 for the running build. */
export function reportBuildInfo(info: BuildInfo): void {
  buildInfoGauge.reset();
  buildInfoGauge.set({ version: info.version, commit: info.commit }, 1);
}

const patchesOffGauge = new Gauge({
  name: "adaptasi_framework_patch_off",
  help: "1 for each framework patch FRAMEWORK_PATCHES_OFF switched off on this instance (pages cost more CPU), 0 for each one on",
  labelNames: ["patch"] as const,
  registers: [registry],
});

/**
 * FRAMEWORK_PATCHES_OFF leaves a trace: adaptasi_framework_patch_off{patch} for every patch (1 when off),
 * and one warning at start naming the patches off. Returns their names.
 */
export function reportFrameworkPatches(logger: pino.Logger): string[] {
  const off = FRAMEWORK_PATCH_NAMES.filter((name) => !patchOn(name));
  for (const name of FRAMEWORK_PATCH_NAMES) patchesOffGauge.set({ patch: name }, off.includes(name) ? 1 : 0);
  if (off.length > 0) {
    logger.warn(
      { patchesOff: off },
      `framework patches switched off by FRAMEWORK_PATCHES_OFF: ${off.join(", ")}; pages cost more CPU until the patch is mended (README "What an upgrade touches")`,
    );
  }
  return off;
}

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * GET /metrics with `Authorization: Bearer <METRICS_TOKEN>`. Without the setting the path is not
 * served at all (the portal's 404); a missing or wrong token is 401.
 */
export function metricsEndpoint(token: string | undefined): RequestHandler {
  const expected = token ? digest(token) : undefined;
  return passRejections(async (req, res, next) => {
    if (!expected) return next();
    res.set("Cache-Control", "no-store");
    const given = /^Bearer\s+(.+)$/i.exec(req.get("authorization") ?? "")?.[1]?.trim();
    if (!given || !timingSafeEqual(digest(given), expected)) {
      res.set("WWW-Authenticate", 'Bearer realm="metrics"').status(401).type("text/plain").send("401 Unauthorized\n");
      return;
    }
    try {
      const body = await registry.metrics();
      // send() would rewrite the media type's parameters; Prometheus reads the version from it.
      res.setHeader("Content-Type", registry.contentType);
      res.end(body);
    } catch (error) {
      next(error);
    }
  });
}
