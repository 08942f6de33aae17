import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { uploadRoutes } from "./request-body";

const ROUTES_DIR = path.resolve(__dirname, "../app/routes");

describe("uploadRoutes", () => {
  const route = (id: string, parentId: string | undefined, p: string | undefined, handle?: unknown) => [id, { id, parentId, path: p, module: { handle } }] as const;
  const build = {
    routes: Object.fromEntries([
      route("root", undefined, ""),
      route("routes/_app", "root", undefined),
      route("routes/up", "routes/_app", "register-competency-evaluation/path/:othersId?/upload-file", { streamsUpload: true }),
      route("routes/form", "routes/_app", "personal-data"),
      route("routes/res", "root", "submission-form/upload", { streamsUpload: true }),
    ]),
  } as unknown as Pick<ServerBuild, "routes">;
  const isUpload = uploadRoutes(build);

  it("matches the full path of a route that streams uploads, parameters included", () => {
    expect(isUpload("/register-competency-evaluation/path/12/upload-file")).toBe(true);
    expect(isUpload("/register-competency-evaluation/path/upload-file")).toBe(true);
    expect(isUpload("/submission-form/upload")).toBe(true);
    expect(isUpload("/submission-form/upload/")).toBe(true);
  });

  it("does not match other routes, longer paths or a parameter that spans segments", () => {
    expect(isUpload("/personal-data")).toBe(false);
    expect(isUpload("/login")).toBe(false);
    expect(isUpload("/submission-form/upload/x")).toBe(false);
    expect(isUpload("/register-competency-evaluation/path/1/2/upload-file")).toBe(false);
  });
});

describe("route modules", () => {
  it("declare handle = STREAMS_UPLOAD exactly when their action streams the request body to the API", () => {
    const streams: string[] = [];
    const declares: string[] = [];
    for (const file of readdirSync(ROUTES_DIR).filter((f) => /\.tsx?$/.test(f) && !f.includes(".test."))) {
      const source = readFileSync(path.join(ROUTES_DIR, file), "utf8");
      if (/\bpostDocuments\(|\bapi\.upload[<(]|\bforwardUpload\(/.test(source)) streams.push(file);
      if (/export const handle = STREAMS_UPLOAD\b/.test(source)) declares.push(file);
    }
    expect(streams.length).toBeGreaterThan(5);
    expect(declares.sort()).toEqual(streams.sort());
  });
});
