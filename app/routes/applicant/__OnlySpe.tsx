import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as ui from "~/components/ui.css";

// Its own module, not beside the document form (app/features/documents/DocumentForm.tsx): a page that shows only this (achievements, portfolio) would otherwise
// load the upload forms, the resumable upload and the timeline with it, some 9 KB of scripts it never runs.

/** The SPE-only pages (portfolio, achievements, additional documents) for an applicant on another pathway. */
export function OnlySpe({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation("applicant");
  return (
    <>
      <h1>{title}</h1>
      <section className={ui.card}>
        <p>{message}</p>
        <Link to="/registration-path">{t("achievement.toPathway")}</Link>
      </section>
    </>
  );
}
