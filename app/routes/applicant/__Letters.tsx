import type { Letter } from "#contracts/letters";
import { useTranslation } from "react-i18next";
import * as ui from "~/components/ui.css";
import { formatDate } from "~/utils/format";

// The decision letters of a file (or of every ended file), each with its PDF: on /application-status and in
// the file history. A list of cards, so a phone needs no sideways scroll.

export const letterPdfHref = (number: string) => `/application-status/surat?nomor=${encodeURIComponent(number)}`;

export function Letters({ letters, headingLevel = 2 }: { letters: Letter[]; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation(["common", "verify"]);
  if (letters.length === 0) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className={ui.card} aria-labelledby="letters-title" data-testid="letters">
      <Heading id="letters-title">{t("verify:letters.title")}</Heading>
      <p>{t("verify:letters.lead")}</p>
      <ul className={ui.checklist}>
        {letters.map((l) => (
          <li key={l.number} style={{ overflowWrap: "anywhere" }}>
            <dl className={ui.flush}>
              <dt className={ui.label}>{t("verify:letters.number")}</dt>
              <dd>{l.number}</dd>
              <dt className={ui.label}>{t("verify:letters.issued")}</dt>
              <dd>{formatDate(l.issued_at)}</dd>
              <dt className={ui.label}>{t("verify:letters.state")}</dt>
              <dd>
                {l.revoked_at ? t("verify:letters.revoked", { date: formatDate(l.revoked_at), reason: l.revoke_reason ?? "" }) : t("verify:letters.valid")}
              </dd>
            </dl>
            {l.revoked_at ? null : (
              <p>
                <a href={letterPdfHref(l.number)} download>
                  {t("verify:letters.download", { number: l.number })}
                </a>
              </p>
            )}
          </li>
        ))}
      </ul>
      <p>
        <a href="/verifikasi">{t("verify.link")}</a>
      </p>
    </section>
  );
}
