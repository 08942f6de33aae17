import { z } from "zod";
import { CODES, labelsIn, rulesFor, type FormTexts } from "../validation";

// The public check of a decision letter on /verifikasi: its number and the holder's date of birth (three
// boxes), so a number alone reveals nothing. The labels live in locales/<lng>/common.json verify.fields.

export const LETTER_NUMBER_MAX = 40;

const LABEL_KEYS = { number: "verify:verify.fields.number", birth_date: "verify:verify.fields.birth_date" } as const;

export function letterSchemas(texts: FormTexts = CODES) {
  const rules = rulesFor(texts);
  const L = labelsIn(texts, LABEL_KEYS, { number: "Nomor surat", birth_date: "Tanggal lahir pemegang surat" });
  return {
    letterVerify: z.object({
      number: rules.text(L.number, { max: LETTER_NUMBER_MAX }),
      birth_date: rules.date(L.birth_date, { notAfterToday: true }),
    }),
  };
}

export const letterVerifySchema = letterSchemas(CODES).letterVerify;
export type LetterVerifyInput = z.infer<typeof letterVerifySchema>;
