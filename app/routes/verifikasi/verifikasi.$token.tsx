import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { OfflineNote, VerificationResult } from "~/routes/verifikasi/__VerificationResult";
import { verifyToken } from "~/routes/verifikasi/__verify.server";
import { titled } from "~/utils/page-title";

export const handle = titled("verify");

// What a letter's QR opens: its signed token checked, without a login or JavaScript. The answer is not
// cached (a revocation shows at once) and the address is not passed on to other sites.
export async function loader({ params, context }: LoaderFunctionArgs) {
  const answer = await verifyToken(context, params.token ?? "");
  const status = "wait" in answer ? 429 : "unavailable" in answer ? 503 : 200;
  return data(answer, { status, headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

export const headers = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

/** /verifikasi/<token>: the check of the letter whose QR was scanned. */
export default function VerifyToken() {
  const { t } = useTranslation(["common", "verify"]);
  const answer = useLoaderData<typeof loader>();
  return (
    <>
      <section className={ui.hero} aria-labelledby="verify-title">
        <h1 id="verify-title">{t("verify:verify.title")}</h1>
      </section>
      {"result" in answer ? <VerificationResult result={answer.result} /> : null}
      {"wait" in answer ? (
        <div className={ui.errorSummary} role="alert">
          <p>{t("verify:verify.rateLimited", { minutes: answer.wait })}</p>
          <p>
            <Link to="/verifikasi">{t("verify:verify.again")}</Link>
          </p>
        </div>
      ) : null}
      {"unavailable" in answer ? (
        <div className={ui.errorSummary} role="alert">
          <p>{t("verify:verify.unavailable")}</p>
        </div>
      ) : null}
      <OfflineNote />
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
