// The api tier's globalSetup (vitest.config.ts): one migrated, demo-seeded database per run, which each test
// file's createTestApi (api/test/helpers.ts) copies instead of migrating and seeding its own — an empty
// PGlite costs about 4.5 s of CPU to create (initdb) and 0.7 s to migrate and seed; a copy about 1 s.
//   PGlite: the template's data directory as a tarball in a temporary folder; a copy starts from it (loadDataDir).
//   PostgreSQL (TEST_DATABASE_URL): a template database; a copy is `create database … template …`. It is closed
//   before any copy (PostgreSQL copies no database someone is connected to) and dropped after the run.
// It is made by startApi's own migrateAndSeed, so a copy holds what a start on an empty database makes.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { migrateAndSeed } from "../index";
import { throwawayDatabase } from "./throwaway-database.mjs";

/** Where a test file finds the run's template: a PGlite tarball's path, or a PostgreSQL database's name. */
export type DatabaseTemplate = { kind: "pglite"; file: string } | { kind: "postgres"; server: string; name: string };

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

export default async function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const template = await throwawayDatabase(server, "adaptasi_template");
    try {
      const handle = await openDatabase({ databaseUrl: template.url });
      try {
        await migrateAndSeed(handle, { seedDemo: true });
      } finally {
        await handle.close();
      }
    } catch (error) {
      await template.drop();
      throw error;
    }
    project.provide("databaseTemplate", { kind: "postgres", server, name: template.name });
    return () => template.drop();
  }

  const dir = await mkdtemp(path.join(tmpdir(), "adaptasi-template-"));
  const file = path.join(dir, "pglite.tar");
  try {
    const handle = await openDatabase({ inMemory: true });
    try {
      await migrateAndSeed(handle, { seedDemo: true });
      await writeFile(file, Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()));
    } finally {
      await handle.close();
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  project.provide("databaseTemplate", { kind: "pglite", file });
  return () => rm(dir, { recursive: true, force: true });
}
