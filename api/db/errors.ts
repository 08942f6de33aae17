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
