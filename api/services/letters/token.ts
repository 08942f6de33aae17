import { sign, verify } from "node:crypto";
import type { JalurId } from "#domain/documents";
import type { LetterKeys } from "#domain/letter-keys";

// The token a letter's QR carries: a JWS in compact form (RFC 7515), EdDSA over Ed25519 (RFC 8037), its
// header naming the key id. Anyone holding the published JWK verifies it offline with any JOSE library; the
// payload repeats what the letter says, so the paper can be compared with it.

export interface LetterClaims {
  /** letter number */
  n: string;
  /** the professional's name as printed */
  nm: string;
  /** profession code (domain/personal-data-fields PROFESSIONS), null when not given */
  pr: string | null;
  /** pathway */
  j: JalurId;
  /** outcome */
  o: "PASSED" | "FAILED";
  /** decision date, yyyy-mm-dd (Asia/Jakarta) */
  d: string;
  /** issued at, yyyy-mm-dd (Asia/Jakarta) */
  i: string;
}

const b64url = (bytes: Buffer | string) => Buffer.from(bytes).toString("base64url");

export function signLetterToken(claims: LetterClaims, keys: LetterKeys): { token: string; kid: string } {
  const { kid, privateKey } = keys.signing;
  const input = `${b64url(JSON.stringify({ alg: "EdDSA", kid, typ: "JWT" }))}.${b64url(JSON.stringify(claims))}`;
  const signature = sign(null, Buffer.from(input), privateKey);
  return { token: `${input}.${b64url(signature)}`, kid };
}

/** The claims of a token one of `keys` signed; null for anything else (malformed, unknown key, bad signature). */
export function verifyLetterToken(token: string, keys: LetterKeys): (LetterClaims & { kid: string }) | null {
  if (token.length > 2000) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return null;
  try {
    const header = JSON.parse(Buffer.from(parts[0], "base64url").toString("utf8")) as { alg?: string; kid?: string };
    if (header.alg !== "EdDSA" || typeof header.kid !== "string") return null;
    const key = keys.all.find((k) => k.kid === header.kid);
    if (!key) return null;
    if (!verify(null, Buffer.from(`${parts[0]}.${parts[1]}`), key.publicKey, Buffer.from(parts[2], "base64url"))) return null;
    const claims = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8")) as LetterClaims;
    if (typeof claims?.n !== "string") return null;
    return { ...claims, kid: header.kid };
  } catch {
    return null;
  }
}
