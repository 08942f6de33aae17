// A document requirement's name and help text in a language (spec §5's fixed texts, locales/<lng>/documents.json),
// by the requirement's id: the portal's server code words the requirements the API answers in Indonesian.
// Server code only: the browser never imports this module (it would bundle both languages' words).
import en from "#locales/en/documents.json";
import id from "#locales/id/documents.json";
import { DOCUMENT_REQUIREMENTS, requirementKind, requirementWords } from "./documents";

const BY_ID = new Map(DOCUMENT_REQUIREMENTS.map((r) => [r.id, requirementKind(r)]));

/** The requirement's words in `lng`, or undefined for a requirement the list does not hold. */
export function requirementText(requirementId: number, lng: string): { name: string; help_text: string } | undefined {
  const kind = BY_ID.get(requirementId);
  return kind && requirementWords(requirementId, kind, lng.startsWith("en") ? en : id);
}
