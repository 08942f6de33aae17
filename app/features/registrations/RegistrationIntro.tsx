import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { JALUR_IDS } from "#domain/documents";
import type { ActivityKind } from "~/features/registrations/registrations.server";
import * as ui from "~/components/ui.css";

// The facility admin's (role 8) "Pendaftaran" and "Status Pengajuan" (DESIGN §4): /registration-path for role 8.
// One module per page, so each page loads only its own part.

/** /registration-path for role 8: what the facility can do and the three pathways. */
export function RegistrationIntro({ kinds }: { kinds: ActivityKind[] }) {
  const { t } = useTranslation(["registration", "applicant"]);
  return (
    <>
      <h1>{t("intro.title")}</h1>
      <p>{t("intro.lead")}</p>
      <section className={ui.card} aria-labelledby="intro-steps">
        <h2 id="intro-steps">{t("intro.stepsTitle")}</h2>
        <ol>
          <li>{t("intro.step1")}</li>
          <li>{t("intro.step2")}</li>
          <li>{t("intro.step3")}</li>
          <li>{t("intro.step4")}</li>
        </ol>
      </section>
      <section className={ui.card} aria-labelledby="intro-pathways">
        <h2 id="intro-pathways">{t("intro.pathwaysTitle")}</h2>
        <dl>
          {JALUR_IDS.map((jalur) => (
            <div key={jalur}>
              <dt>
                <strong>{t(`applicant:jalur.${jalur}`)}</strong>
              </dt>
              <dd>
                {t(`applicant:jalurDescription.${jalur}`)}
                {jalur === "OTH" ? ` ${t("intro.kinds", { kinds: kinds.map((k) => k.name).join(", ") })}` : null}
              </dd>
            </div>
          ))}
        </dl>
        <p>
          <Link to="/evaluation-requirements">{t("intro.requirements")}</Link>
        </p>
      </section>
      <p className={ui.row}>
        <Link to="/register-competency-evaluation" className={ui.button}>
          {t("intro.start")}
        </Link>
        <Link to="/application-status">{t("intro.status")}</Link>
      </p>
    </>
  );
}
