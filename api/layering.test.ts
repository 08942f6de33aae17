import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The API's layers, read from the source: services do not reach into routes, and who may call an
// endpoint is decided by the one gate (middleware/allow.ts), never by a check a router writes itself.

const API_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROUTES_DIR = path.join(API_DIR, "routes");
const SERVICES_DIR = path.join(API_DIR, "services");
const GATE = path.join(API_DIR, "middleware", "allow.ts");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const rel = (file: string) => path.relative(API_DIR, file);

/** The relative module specifiers a file imports or re-exports (static and dynamic). */
function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.[^"']*)["']/g)) found.push(m[1]);
  return found;
}

/** Each import of `files` that reaches into api/routes, as "file imports spec". */
function routeImports(files: string[]): string[] {
  return files.flatMap((file) =>
    importsOf(readFileSync(file, "utf8"))
      .filter((spec) => {
        const target = path.resolve(path.dirname(file), spec);
        return target === ROUTES_DIR || target.startsWith(ROUTES_DIR + path.sep);
      })
      .map((spec) => `${rel(file)} imports ${spec}`),
  );
}

/**
 * The API's floors, lowest first. A file imports from its own floor and those below it, never from one above:
 * the deps the services share (services/deps.ts) sit among the services, the HTTP env and route kit (http/)
 * above them. Above every floor: the wiring beside app.ts (config.ts, index.ts), the seed, the tests' helpers.
 */
const FLOORS = ["lib", "db", "services", "http", "middleware", "routes"];

/** A file's floor as its index in FLOORS; -1 for what stands above them all. */
const floorOf = (file: string) => FLOORS.indexOf(rel(file).split(path.sep)[0]);

/** A router file: a resource's routes or its router (api/routes/<resource>/index.ts). */
const isRouterFile = (file: string) => /\.routes\.ts$/.test(file) || path.basename(file) === "index.ts";

describe("API layering", () => {
  it("no service imports from api/routes", () => {
    expect(routeImports(sourceFiles(SERVICES_DIR))).toEqual([]);
  });

  it("only app.ts imports from api/routes: lib, middleware, db and services never reach into a handler", () => {
    const outside = sourceFiles(API_DIR).filter((file) => !file.startsWith(ROUTES_DIR + path.sep) && file !== path.join(API_DIR, "app.ts"));
    expect(routeImports(outside)).toEqual([]);
  });

  it("no import runs back up: lib, db, services, http, middleware and routes import only their own floor and those below", () => {
    const offending = sourceFiles(API_DIR)
      .filter((file) => floorOf(file) >= 0)
      .flatMap((file) =>
        importsOf(readFileSync(file, "utf8"))
          .filter((spec) => {
            const target = path.resolve(path.dirname(file), spec);
            if (!target.startsWith(API_DIR + path.sep)) return false;
            const to = floorOf(target);
            return to < 0 || to > floorOf(file);
          })
          .map((spec) => `${rel(file)} imports ${spec}`),
      );
    expect(offending).toEqual([]);
  });

  it("documents go up in three steps: uploads/ checks a file, documents.ts attaches it, resumable/ stands above both", () => {
    const UPLOADS = path.join(SERVICES_DIR, "uploads");
    const above = [path.join(SERVICES_DIR, "documents"), path.join(SERVICES_DIR, "resumable")];
    const offending = sourceFiles(UPLOADS).flatMap((file) =>
      importsOf(readFileSync(file, "utf8"))
        .filter((spec) => {
          const target = path.resolve(path.dirname(file), spec).replace(/\.tsx?$/, "");
          return above.some((a) => target === a || target.startsWith(a + path.sep));
        })
        .map((spec) => `${rel(file)} imports ${spec}`),
    );
    const documents = importsOf(readFileSync(path.join(SERVICES_DIR, "documents.ts"), "utf8")).filter((spec) =>
      path.resolve(SERVICES_DIR, spec).startsWith(above[1] + path.sep),
    );
    expect([...offending, ...documents.map((spec) => `documents.ts imports ${spec}`)]).toEqual([]);
  });

  it("a resource's handlers are imported by its own router only: what two resources share is a service", () => {
    const offending = sourceFiles(API_DIR).flatMap((file) =>
      importsOf(readFileSync(file, "utf8"))
        .filter((spec) => /\.handlers$/.test(spec))
        .filter((spec) => !(path.basename(file) === "index.ts" && path.dirname(path.resolve(path.dirname(file), spec)) === path.dirname(file)))
        .map((spec) => `${rel(file)} imports ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  it("an application's audit row is written by the workflow's one writer, in the transaction of its change", () => {
    const writers = sourceFiles(API_DIR)
      .filter((file) => /\.insert\(\s*auditLog\s*\)/.test(readFileSync(file, "utf8")))
      .map(rel);
    expect(writers).toEqual([path.join("services", "workflow", "audit.ts")]);
  });

  it("no router checks a role itself: the gate allow() decides", () => {
    const offending = sourceFiles(ROUTES_DIR)
      .filter(isRouterFile)
      .filter((file) => /\.roleId\b/.test(readFileSync(file, "utf8")))
      .map(rel);
    expect(offending).toEqual([]);
  });

  it("only the gate refuses a role, and the old gates are gone", () => {
    const refusal = /new ApiError\(\s*40[34]\s*,\s*"(ADMIN_ROLE_REQUIRED|STAFF_ONLY|APPLICANTS_ONLY|FACILITY_ONLY)"/;
    const oldGate = /\b(adminOnly|requireRole|requireStaff|staffOrNotFound|assertStaff)\b/;
    const offending = sourceFiles(API_DIR)
      .filter((file) => file !== GATE)
      .flatMap((file) => {
        const source = readFileSync(file, "utf8");
        return [
          ...(refusal.test(source) ? [`${rel(file)} refuses a role itself`] : []),
          ...(oldGate.test(source) ? [`${rel(file)} uses an old role check`] : []),
        ];
      });
    expect(offending).toEqual([]);
  });

  it("app.ts wires no route itself: each resource's router (api/routes/<resource>/index.ts) holds its routes", () => {
    expect(readFileSync(path.join(API_DIR, "app.ts"), "utf8")).not.toMatch(/\.openapi\(/);
    const folders = readdirSync(ROUTES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const withoutRouter = folders
      .filter((folder) => !/export const \w+Router = createRouter\(\)/.test(readFileSync(path.join(ROUTES_DIR, folder.name, "index.ts"), "utf8")))
      .map((folder) => folder.name);
    expect(withoutRouter).toEqual([]);
  });

  it("every router that gates roles does so with allow() and a named role list", () => {
    const offending = sourceFiles(ROUTES_DIR)
      .filter(isRouterFile)
      .flatMap((file) => [...readFileSync(file, "utf8").matchAll(/\ballow\(\s*([^,)]+)/g)].map((m) => [file, m[1].trim()] as const))
      .filter(([, roles]) => !/^[A-Z][A-Z_]*$/.test(roles) && roles !== "roles")
      .map(([file, roles]) => `${rel(file)}: allow(${roles})`);
    expect(offending).toEqual([]);
  });
});
