import { describe, expect, it } from "vitest";
import { databaseUnreachable, violatedUniqueConstraint } from "./errors";

const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: select 1"), { cause });

describe("databaseUnreachable", () => {
  it("knows a lost or refused connection and a server going down, however deeply wrapped", () => {
    expect(databaseUnreachable(wrapped(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })))).toBe(true);
    expect(databaseUnreachable(wrapped(new Error("Connection terminated unexpectedly")))).toBe(true);
    expect(databaseUnreachable(wrapped(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })))).toBe(true);
    expect(databaseUnreachable(wrapped(Object.assign(new Error("connection failure"), { code: "08006" })))).toBe(true);
  });

  it("does not take a fault in a query for an outage", () => {
    expect(databaseUnreachable(wrapped(Object.assign(new Error("duplicate key"), { code: "23505" })))).toBe(false);
    expect(databaseUnreachable(wrapped(Object.assign(new Error("syntax error"), { code: "42601" })))).toBe(false);
    expect(databaseUnreachable(new TypeError("x is undefined"))).toBe(false);
    expect(databaseUnreachable(null)).toBe(false);
  });
});

describe("violatedUniqueConstraint", () => {
  it("names the constraint of a unique violation under drizzle's wrapper", () => {
    expect(violatedUniqueConstraint(wrapped(Object.assign(new Error("dup"), { code: "23505", constraint: "users_email_unique" })))).toBe("users_email_unique");
    expect(violatedUniqueConstraint(wrapped(new Error("other")))).toBeUndefined();
  });
});
