import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenFrom } from "../api/test/mail";
import { smtpSink, type SmtpSink } from "../api/test/smtp-sink";
import { newLetterKeyEntry } from "../domain/letter-keys";

// The operator's commands as an operator runs them (npm run admin:create, npm run ops:adopt): a production
// environment on an embedded database of its own, mail through a real SMTP server on loopback.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = mkdtempSync(path.join(tmpdir(), "adaptasi-operator-"));
const secret = () => randomBytes(32).toString("hex");
let sink: SmtpSink;
let env: Record<string, string>;

beforeAll(async () => {
  sink = await smtpSink();
  env = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    API_KEY: secret(),
    SESSION_SECRET: secret(),
    JWT_SECRET: secret(),
    LETTER_SIGNING_KEYS: newLetterKeyEntry("ops"),
    SMTP_URL: sink.url,
    PUBLIC_URL: "https://adaptasi.example.go.id",
  };
});
afterAll(async () => {
  await sink?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function command(script: string, args: string[] = [], extra: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}`, ...args], {
      cwd: ROOT,
      env: { ...env, ...extra } as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

const recorded = async () => {
  const db = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    return (await db.query<{ public_url: string; recorded_by: string }>("select public_url, recorded_by from live_service")).rows;
  } finally {
    await db.close();
  }
};

describe("npm run admin:create", () => {
  it("creates the first Super Admin and mails the set-password link through SMTP, printing no secret", async () => {
    const run = await command("admin-create.ts", ["--email", "Ketua.Komite@kemkes.go.id", "--name", "dr. Ketua Komite"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    expect(sink.received).toHaveLength(1);
    const [{ to, mail }] = sink.received;
    expect(to).toBe("ketua.komite@kemkes.go.id");
    const token = tokenFrom(mail, "/forgot-password");
    expect(mail.text).toContain(`https://adaptasi.example.go.id/forgot-password?token=${token}`);
    // The terminal shows the address masked, and never the link's token.
    expect(run.stdout).toContain("ke***@kemkes.go.id");
    expect(run.stdout).toContain("through SMTP_URL");
    expect(run.stdout).not.toContain("ketua.komite@");
    expect(run.stdout).not.toContain(token);
    // The command opened the database as the first production start does.
    expect(await recorded()).toEqual([{ public_url: "https://adaptasi.example.go.id", recorded_by: "first production start" }]);
  }, 60_000);

  it("refuses a second Super Admin in one line unless --another, and bad arguments with the usage", async () => {
    const again = await command("admin-create.ts", ["--email", "wakil@kemkes.go.id", "--name", "Wakil Ketua"]);
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^adaptasi: an active Super Admin exists already: .*--another$/)]);
    expect(sink.received).toHaveLength(1);

    const missing = await command("admin-create.ts", ["--email", "wakil@kemkes.go.id"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--email and --name are both needed\nusage: npm run admin:create/);

    const another = await command("admin-create.ts", ["--email", "wakil@kemkes.go.id", "--name", "Wakil Ketua", "--another"]);
    expect(another.code, another.stderr).toBe(0);
    expect(sink.received.map((r) => r.to)).toEqual(["ketua.komite@kemkes.go.id", "wakil@kemkes.go.id"]);
  }, 90_000);
});

describe("npm run ops:adopt", () => {
  it("makes the database the live service at this PUBLIC_URL, once", async () => {
    const moved = { PUBLIC_URL: "https://adaptasi-baru.example.go.id/" };
    const held = await command("admin-create.ts", ["--email", "ketiga@kemkes.go.id", "--name", "Admin Ketiga", "--another"], moved);
    expect(held.code, held.stderr).toBe(0);
    expect(held.stdout).toContain(
      "held in the outbox: this database serves https://adaptasi.example.go.id, and PUBLIC_URL is https://adaptasi-baru.example.go.id",
    );
    expect(sink.received).toHaveLength(2);

    const adopt = await command("ops-adopt.ts", [], moved);
    expect(adopt.code, adopt.stderr).toBe(0);
    expect(adopt.stdout).toContain("live service at https://adaptasi-baru.example.go.id now (it served https://adaptasi.example.go.id)");
    expect(adopt.stdout).toContain("1 mail waits in the outbox");
    expect(await recorded()).toEqual([{ public_url: "https://adaptasi-baru.example.go.id", recorded_by: "ops:adopt" }]);
    const twice = await command("ops-adopt.ts", [], moved);
    expect(twice.stdout).toContain("serves https://adaptasi-baru.example.go.id already: nothing to adopt");
  }, 90_000);
});
