import type { Verification } from "#contracts/letters";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { facts } from "~/components/details.css";
import * as ui from "~/components/ui.css";
import { formatDate } from "~/utils/format";

// What a public check of a decision letter says: valid, revoked (with its date) or unknown, and for a known
// letter only name, profession, pathway, outcome and decision date. Rendered on the server: no JavaScript needed.

export function VerificationResult({ result }: { result: Verification }) {
  const { t } = useTranslation(["common", "workflow", "verify"]);
  const letter = result.letter;
  return (
    <section className={ui.card} aria-labelledby="result-title" data-testid="verification-result" data-state={result.state}>
      <h2 id="result-title">{t("verify:verify.resultTitle")}</h2>
      <div className={result.state === "VALID" ? ui.hero : ui.errorSummary} role="status">
        <p>
          <strong>
            {result.state === "REVOKED" ? t("verify:verify.REVOKED", { date: formatDate(letter?.revoked_at) }) : t(`verify:verify.${result.state}`)}
          </strong>
        </p>
        {result.state === "UNKNOWN" ? <p>{t("verify:verify.unknownLead")}</p> : null}
      </div>
      {letter ? (
        <dl className={facts}>
          <dt>{t("verify:verify.name")}</dt>
          <dd>{letter.name}</dd>
          <dt>{t("verify:verify.profession")}</dt>
          <dd>{letter.profession ? t(`verify:verify.professions.${letter.profession}`, { defaultValue: letter.profession }) : "—"}</dd>
          <dt>{t("verify:verify.pathway")}</dt>
          <dd>{t(`workflow:jalur.${letter.jalur_id}`)}</dd>
          <dt>{t("verify:verify.outcome")}</dt>
          <dd>{t(`verify:verify.${letter.outcome}`)}</dd>
          <dt>{t("verify:verify.decided")}</dt>
          <dd>{formatDate(letter.decided_at)}</dd>
        </dl>
      ) : null}
      <p>
        <Link to="/verifikasi">{t("verify:verify.again")}</Link>
      </p>
    </section>
  );
}

/** Where the public keys are published (the address is the text of its link: a reader may type it). */
const KEYS_PATH = "/.well-known/adaptasi-keys.json";

/** How the keys are found for a check without the network. */
export function OfflineNote() {
  const { t } = useTranslation(["common", "verify"]);
  return (
    <p className={ui.muted}>
      {t("verify:verify.offline")} <a href={KEYS_PATH}>{KEYS_PATH}</a>
    </p>
  );
}
