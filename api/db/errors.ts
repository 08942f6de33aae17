/**
 * The constraint a unique violation (SQLSTATE 23505) broke, or undefined for any other error.
 * pg and PGlite both report it; drizzle wraps their error as `cause`.
 */
export function violatedUniqueConstraint(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
  }
  return undefined;
}

const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "57P01", "57P02", "57P03"]);

/**
 * Whether an error says the database cannot be reached right now (connection refused or lost, server
 * shutting down or starting: SQLSTATE class 08 and 57P01–57P03), as opposed to a fault in a query.
 * The API answers those 503, so callers know to try again (a PostgreSQL outage).
 */
export function databaseUnreachable(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect/i.test(message))
      return true;
  }
  return false;
}
