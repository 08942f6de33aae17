import { newLetterKeyEntry } from "../domain/letter-keys";

// Prints a new entry for LETTER_SIGNING_KEYS (`<kid>:<base64 PKCS#8 Ed25519 key>`). To rotate: put it first in
// the setting and keep the old entries after it (or their public keys alone), so earlier letters still verify.
const kid = process.argv[2] ?? `k${new Date().toISOString().slice(0, 10).replace(/-/g, "")}`;
process.stdout.write(`${newLetterKeyEntry(kid)}\n`);
