import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";

// The letters' signing keys (LETTER_SIGNING_KEYS): Ed25519, named by a key id, kept like the other secrets.
// The setting is a comma-separated list of `<kid>:<base64 DER>`; the first entry is a private key (PKCS#8) and
// signs new letters; the others sign nothing and stay published so the letters they signed still verify. A
// retired key may be given as its public key alone (SPKI), so its private half can be destroyed.

export interface LetterKey {
  kid: string;
  publicKey: KeyObject;
}

export interface LetterKeys {
  /** the key that signs new letters */
  signing: LetterKey & { privateKey: KeyObject };
  /** every key a letter may carry, the signing one first */
  all: LetterKey[];
}

const KID = /^[A-Za-z0-9_-]{1,40}$/;

/** Reads the setting; throws one line naming what is wrong. */
export function parseLetterKeys(value: string): LetterKeys {
  const entries = value
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error("LETTER_SIGNING_KEYS is empty: give <kid>:<base64 PKCS#8 Ed25519 key> (npm run letters:key)");
  const all: LetterKey[] = [];
  let signing: LetterKeys["signing"] | undefined;
  for (const [i, entry] of entries.entries()) {
    const [kid, der, ...rest] = entry.split(":");
    if (!kid || !KID.test(kid) || !der || rest.length)
      throw new Error(`LETTER_SIGNING_KEYS entry ${i + 1} is not <kid>:<base64 DER> (kid: letters, digits, - and _)`);
    if (all.some((k) => k.kid === kid)) throw new Error(`LETTER_SIGNING_KEYS names the key id ${kid} twice`);
    const bytes = Buffer.from(der, "base64");
    let privateKey: KeyObject | undefined;
    let publicKey: KeyObject;
    try {
      privateKey = createPrivateKey({ key: bytes, format: "der", type: "pkcs8" });
      publicKey = createPublicKey(privateKey);
    } catch {
      try {
        publicKey = createPublicKey({ key: bytes, format: "der", type: "spki" });
      } catch {
        throw new Error(`LETTER_SIGNING_KEYS entry ${kid} is neither a PKCS#8 nor an SPKI key in base64 DER`);
      }
    }
    if (publicKey.asymmetricKeyType !== "ed25519") throw new Error(`LETTER_SIGNING_KEYS entry ${kid} is not an Ed25519 key`);
    if (i === 0) {
      if (!privateKey) throw new Error(`LETTER_SIGNING_KEYS: the first entry (${kid}) signs new letters and must be a private key (PKCS#8)`);
      signing = { kid, privateKey, publicKey };
    }
    all.push({ kid, publicKey });
  }
  return { signing: signing!, all };
}

/** A new entry for LETTER_SIGNING_KEYS: `<kid>:<base64 PKCS#8>`. */
export function newLetterKeyEntry(kid: string): string {
  if (!KID.test(kid)) throw new Error("a key id is letters, digits, - and _ (at most 40)");
  const { privateKey } = generateKeyPairSync("ed25519");
  return `${kid}:${privateKey.export({ format: "der", type: "pkcs8" }).toString("base64")}`;
}

/** The public keys as a JWK Set (RFC 7517, OKP/Ed25519 of RFC 8037): what /.well-known/adaptasi-keys.json publishes. */
export function publicJwks(keys: LetterKeys) {
  return {
    keys: keys.all.map(({ kid, publicKey }) => {
      const jwk = publicKey.export({ format: "jwk" }) as { kty: string; crv: string; x: string };
      return { kty: "OKP" as const, crv: "Ed25519" as const, x: jwk.x, kid, alg: "EdDSA" as const, use: "sig" as const };
    }),
  };
}
