import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, isWeakSecret, loadEnv, s3Settings } from "./env.server";
import { newLetterKeyEntry } from "#domain/letter-keys";

const strong = "Zx8#kLq2!mN4@pR6$tV8%wY0^aB2&cD4";
const LETTER_KEY = newLetterKeyEntry("k1");
const secrets = { API_KEY: strong, SESSION_SECRET: strong, JWT_SECRET: strong, LETTER_SIGNING_KEYS: LETTER_KEY };
const mail = { SMTP_URL: "smtp://mailer:rahasia@smtp.kemkes.go.id:587", PUBLIC_URL: "https://adaptasi.kemkes.go.id" };

describe("environment (DESIGN §1, production start)", () => {
  it("judges secrets", () => {
    expect(isWeakSecret(undefined)).toBe(true);
    expect(isWeakSecret("short")).toBe(true);
    expect(isWeakSecret("a".repeat(64))).toBe(true);
    expect(isWeakSecret(strong)).toBe(false);
    // Placeholders and the repository's own test values are refused however long they are.
    expect(isWeakSecret("test-jwt-secret-at-least-32-characters")).toBe(true);
    expect(isWeakSecret("please-change-me-to-something-random-0123456789")).toBe(true);
  });

  it("names every bad secret in one line", () => {
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(/^API_KEY, SESSION_SECRET, JWT_SECRET are missing or weak: [^\n]+$/);
    expect(() => loadEnv({ NODE_ENV: "production", API_URL: "http://api:3001", API_KEY: strong, SESSION_SECRET: strong })).not.toThrow();
  });

  it("stops production without strong secrets, naming the setting", () => {
    expect(() => loadEnv({ NODE_ENV: "production", SESSION_SECRET: strong, JWT_SECRET: strong })).toThrow(EnvError);
    expect(() => loadEnv({ NODE_ENV: "production", SESSION_SECRET: strong, JWT_SECRET: strong })).toThrow(/^API_KEY is missing or weak/);
    expect(() => loadEnv({ NODE_ENV: "production", API_KEY: strong, SESSION_SECRET: "changeme", JWT_SECRET: strong })).toThrow(/^SESSION_SECRET/);
    expect(loadEnv({ NODE_ENV: "production", ...secrets, ...mail }).API_KEY).toBe(strong);
    const { LETTER_SIGNING_KEYS: _, ...withoutLetterKey } = secrets;
    expect(() => loadEnv({ NODE_ENV: "production", ...withoutLetterKey, ...mail })).toThrow(/^LETTER_SIGNING_KEYS is missing/);
    expect(() => loadEnv({ NODE_ENV: "production", ...secrets, ...mail, LETTER_SIGNING_KEYS: "k1:bm90IGEga2V5" })).toThrow(/^LETTER_SIGNING_KEYS entry k1/);
  });

  it("stops production without a mail server and a public address, in one line naming them", () => {
    expect(() => loadEnv({ NODE_ENV: "production", ...secrets })).toThrow(EnvError);
    expect(() => loadEnv({ NODE_ENV: "production", ...secrets })).toThrow(/^SMTP_URL, PUBLIC_URL are missing: [^\n]+$/);
    expect(() => loadEnv({ NODE_ENV: "production", ...secrets, PUBLIC_URL: mail.PUBLIC_URL })).toThrow(/^SMTP_URL is missing: [^\n]+$/);
    expect(() => loadEnv({ NODE_ENV: "production", ...secrets, SMTP_URL: mail.SMTP_URL, PUBLIC_URL: " " })).toThrow(/^PUBLIC_URL is missing: /);
    // The message names the settings, never their values (the SMTP URL holds a password).
    try {
      loadEnv({ NODE_ENV: "production", ...secrets, SMTP_URL: mail.SMTP_URL });
    } catch (error) {
      expect(String(error)).not.toContain("rahasia");
    }
    // Secrets come first: a weak one is named before the mail settings.
    expect(() => loadEnv({ NODE_ENV: "production", ...secrets, API_KEY: "short" })).toThrow(/^API_KEY is missing or weak/);
    // A separately running API sends the mail; outside production the outbox stands in for it.
    expect(() => loadEnv({ NODE_ENV: "production", API_URL: "http://api:3001", API_KEY: strong, SESSION_SECRET: strong })).not.toThrow();
    expect(() => loadEnv({ NODE_ENV: "test", DATA_DIR: mkdtempSync(path.join(tmpdir(), "adaptasi-env-")) })).not.toThrow();
  });

  it("stops production asked for demo data, in one line; outside production SEED_DEMO is true or false", () => {
    expect(() => loadEnv({ NODE_ENV: "production", ...secrets, ...mail, SEED_DEMO: "true" })).toThrow(EnvError);
    expect(() => loadEnv({ NODE_ENV: "production", ...secrets, ...mail, SEED_DEMO: "true" })).toThrow(/^SEED_DEMO=true is a demo setting [^\n]+admin:create$/);
    expect(loadEnv({ NODE_ENV: "production", ...secrets, ...mail, SEED_DEMO: "false" }).SEED_DEMO).toBe("false");
    const dir = mkdtempSync(path.join(tmpdir(), "adaptasi-env-"));
    expect(loadEnv({ NODE_ENV: "test", DATA_DIR: dir, SEED_DEMO: "true" }).SEED_DEMO).toBe("true");
    expect(() => loadEnv({ NODE_ENV: "test", DATA_DIR: dir, SEED_DEMO: "yes" })).toThrow(/^Invalid setting SEED_DEMO: SEED_DEMO must be true or false$/);
  });

  it("takes MAIL_FROM as an address or a quoted name with one, and stops on anything else", () => {
    expect(loadEnv({ NODE_ENV: "production", ...secrets, ...mail, MAIL_FROM: ' "Portal Adaptasi" <noreply@kemkes.go.id> ' }).MAIL_FROM).toBe(
      '"Portal Adaptasi" <noreply@kemkes.go.id>',
    );
    expect(loadEnv({ NODE_ENV: "production", ...secrets, ...mail, MAIL_FROM: "noreply@kemkes.go.id" }).MAIL_FROM).toBe("noreply@kemkes.go.id");
    expect(loadEnv({ NODE_ENV: "production", ...secrets, ...mail }).MAIL_FROM).toBeUndefined();
    for (const bad of ["Portal <noreply@kemkes.go.id>", "noreply", '"A" <a@b.id>\r\nBcc: x@y.id', "a@b.id, c@d.id"]) {
      expect(() => loadEnv({ NODE_ENV: "production", ...secrets, ...mail, MAIL_FROM: bad }), bad).toThrow(
        /^Invalid setting MAIL_FROM: MAIL_FROM must be an address/,
      );
    }
  });
  it("takes one mailbox for MAIL_REDIRECT_TO", () => {
    expect(loadEnv({ NODE_ENV: "production", ...secrets, ...mail, MAIL_REDIRECT_TO: " uji@staging.kemkes.go.id " }).MAIL_REDIRECT_TO).toBe(
      "uji@staging.kemkes.go.id",
    );
    expect(loadEnv({ NODE_ENV: "production", ...secrets, ...mail, MAIL_REDIRECT_TO: "" }).MAIL_REDIRECT_TO).toBeUndefined();
    expect(() => loadEnv({ NODE_ENV: "production", ...secrets, ...mail, MAIL_REDIRECT_TO: "a@x.id, b@x.id" })).toThrow(
      /^Invalid setting MAIL_REDIRECT_TO: MAIL_REDIRECT_TO must be one e-mail address$/,
    );
  });

  it("generates development secrets once and keeps them in DATA_DIR", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "adaptasi-env-"));
    const first = loadEnv({ DATA_DIR: dir });
    const second = loadEnv({ DATA_DIR: dir });
    expect(first.API_KEY).toHaveLength(64);
    expect(second.API_KEY).toBe(first.API_KEY);
    expect(JSON.parse(readFileSync(path.join(dir, "secrets.json"), "utf8")).SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(loadEnv({ DATA_DIR: dir, API_KEY: "given" }).API_KEY).toBe("given");
  });

  it("rejects malformed settings with one clear line", () => {
    expect(() => loadEnv({ PORT: "abc" })).toThrow(/^Invalid setting PORT/);
    expect(() => loadEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    // The mails link to PUBLIC_URL: a browser must open it
    for (const bad of ["ftp://adaptasi.kemkes.go.id", "mailto:admin@kemkes.go.id", "file:///var/www", "javascript:alert(1)"]) {
      expect(() => loadEnv({ NODE_ENV: "production", ...secrets, ...mail, PUBLIC_URL: bad }), bad).toThrow(
        /^Invalid setting PUBLIC_URL: PUBLIC_URL must be a web address/,
      );
    }
    expect(loadEnv({ NODE_ENV: "production", ...secrets, ...mail, PUBLIC_URL: "http://127.0.0.1:8080" }).PUBLIC_URL).toBe("http://127.0.0.1:8080");
  });

  it("reads TRUST_PROXY as a number of proxies, 0 when unset", () => {
    const prod = {
      NODE_ENV: "production",
      API_KEY: strong,
      SESSION_SECRET: strong,
      JWT_SECRET: strong,
      LETTER_SIGNING_KEYS: LETTER_KEY,
      SMTP_URL: "smtp://127.0.0.1:2525",
      PUBLIC_URL: "https://adaptasi.example.go.id",
    } as const;
    expect(loadEnv(prod).TRUST_PROXY).toBe(0);
    expect(loadEnv({ ...prod, TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    // Express would read "loopback" or "true" as an address list; the API counts hops only.
    expect(() => loadEnv({ ...prod, TRUST_PROXY: "true" })).toThrow(/^Invalid setting TRUST_PROXY/);
    expect(() => loadEnv({ ...prod, TRUST_PROXY: "-1" })).toThrow(/^Invalid setting TRUST_PROXY/);
  });

  it("keeps uploads on the disk without S3_BUCKET, and reads the S3 settings with their defaults", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "adaptasi-env-"));
    expect(s3Settings(loadEnv({ DATA_DIR: dir }))).toBeUndefined();
    const keys = { S3_BUCKET: "adaptasi", S3_ACCESS_KEY_ID: "minio", S3_SECRET_ACCESS_KEY: "minio-rahasia" };
    expect(s3Settings(loadEnv({ DATA_DIR: dir, ...keys, S3_ENDPOINT: "http://127.0.0.1:9000" }))).toEqual({
      bucket: "adaptasi",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      accessKeyId: "minio",
      secretAccessKey: "minio-rahasia",
      forcePathStyle: true, // MinIO, Ceph
    });
    // AWS S3 itself: no endpoint, virtual-hosted style unless asked.
    expect(s3Settings(loadEnv({ DATA_DIR: dir, ...keys, S3_REGION: "ap-southeast-3" }))).toMatchObject({
      endpoint: undefined,
      region: "ap-southeast-3",
      forcePathStyle: false,
    });
    expect(s3Settings(loadEnv({ DATA_DIR: dir, ...keys, S3_ENDPOINT: "https://s3.example.go.id", S3_FORCE_PATH_STYLE: "false" }))?.forcePathStyle).toBe(false);
  });

  it("stops a half S3 setup with one line naming what is missing, never a value", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "adaptasi-env-"));
    const start = (extra: Record<string, string>) => () => loadEnv({ DATA_DIR: dir, ...extra });
    expect(start({ S3_BUCKET: "adaptasi" })).toThrow(/^S3_BUCKET is set but S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are missing: [^\n]+$/);
    expect(start({ S3_BUCKET: "adaptasi", S3_ACCESS_KEY_ID: "minio" })).toThrow(/^S3_BUCKET is set but S3_SECRET_ACCESS_KEY is missing: /);
    expect(start({ S3_ENDPOINT: "http://127.0.0.1:9000", S3_SECRET_ACCESS_KEY: "minio-rahasia" })).toThrow(
      /^S3_ENDPOINT, S3_SECRET_ACCESS_KEY are set but S3_BUCKET is not: [^\n]+$/,
    );
    expect(start({ S3_ENDPOINT: "minio:9000", S3_BUCKET: "a", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" })).toThrow(/^Invalid setting S3_ENDPOINT/);
    expect(start({ S3_FORCE_PATH_STYLE: "yes", S3_BUCKET: "a", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" })).toThrow(
      /^Invalid setting S3_FORCE_PATH_STYLE/,
    );
    try {
      start({ S3_ENDPOINT: "http://127.0.0.1:9000", S3_SECRET_ACCESS_KEY: "minio-rahasia" })();
    } catch (error) {
      expect(String(error)).not.toContain("rahasia");
    }
    // Applies in production too, and production needs no S3: the disk stays the default.
    const prod = { NODE_ENV: "production", ...secrets, ...mail };
    expect(() => loadEnv({ ...prod, S3_BUCKET: "adaptasi" })).toThrow(/^S3_BUCKET is set but/);
    expect(() => loadEnv(prod)).not.toThrow();
  });

  it("takes framework patches to switch off by name, and names the patches when one is unknown", () => {
    const base = { NODE_ENV: "production", ...secrets, ...mail };
    expect(loadEnv({ ...base, FRAMEWORK_PATCHES_OFF: "route-match-cache, json-handover" }).FRAMEWORK_PATCHES_OFF).toBe("route-match-cache, json-handover");
    expect(() => loadEnv({ ...base, FRAMEWORK_PATCHES_OFF: "route-match-cache,nope" })).toThrow(
      /^FRAMEWORK_PATCHES_OFF names no framework patch: nope \(the patches are route-match-cache, /,
    );
  });
});
