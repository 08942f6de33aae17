import { LOCALE } from "#domain/constants";
import { requirementText } from "#domain/document-words";

// A requirement's name the API joins into another answer (an application's documents, a review's detail,
// the file history) is its default-language word; a page shows it in the request's language, by the
// requirement's id (locales/<lng>/documents.json). Server code only: the browser never bundles the words.

type Named = { requirement_id: number; name: string };

/** Each document's name in `lng` (the default language when the client says none), by its requirement; a requirement the list does not hold keeps the API's name. */
export function namedInLanguage<D extends Named>(documents: readonly D[], lng: string | undefined): D[] {
  return documents.map((d) => {
    const words = requirementText(d.requirement_id, lng ?? LOCALE.DEFAULT);
    return words ? { ...d, name: words.name } : d;
  });
}

/** An answer whose `documents` carry requirement names, with those names in `lng`. */
export function withDocumentsIn<A extends { documents: readonly Named[] }>(answer: A, lng: string | undefined): A {
  return { ...answer, documents: namedInLanguage(answer.documents, lng) };
}
