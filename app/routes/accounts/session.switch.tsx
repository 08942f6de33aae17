import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/ErrorScreen";
import * as ui from "~/components/ui.css";
import { answerSwitch, pendingSwitch } from "~/utils/token-login.server";
import { titled } from "~/utils/page-title";
import { i18next } from "~/utils/i18n.server";

export const handle = titled("switchAccount");
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

// Names the two accounts: never kept by the browser or a proxy.
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

const person = (me: { name: string; email: string }) => `${me.name} (${me.email})`;

/** /session/switch: a query-token link of another account while logged in asks before switching. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const pending = await pendingSwitch(request, context);
  if (pending.kind === "done") throw pending.response;
  return data(
    { current: { name: pending.current.name, person: person(pending.current) }, next: { name: pending.next.name, person: person(pending.next) } },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const pending = await pendingSwitch(request, context);
  if (pending.kind === "done") throw pending.response;
  const intent = String((await request.formData()).get("intent") ?? "");
  if (intent !== "confirm" && intent !== "decline") throw new Response((await i18next.getFixedT(request, "accounts"))("toast.unknownAction"), { status: 400 });
  return answerSwitch(request, context, pending, intent === "confirm");
}

export default function SessionSwitch() {
  const { t } = useTranslation("accounts");
  const { current, next } = useLoaderData<typeof loader>();
  return (
    <section className={`${ui.card} ${ui.narrow}`} aria-labelledby="switch-title">
      <h1 id="switch-title">{t("sessionSwitch.title")}</h1>
      <p>{t("sessionSwitch.question", { current: current.person, next: next.person })}</p>
      <p className={ui.muted}>{t("sessionSwitch.explain", { currentName: current.name })}</p>
      {/* A POST (the cross-origin check in server/security.ts refuses one from another site); the tokens stay in their cookie. */}
      <Form method="post" className={ui.row}>
        <button type="submit" name="intent" value="confirm" className={ui.button}>
          {t("sessionSwitch.confirm", { name: next.name })}
        </button>
        <button type="submit" name="intent" value="decline" className={ui.secondaryButton}>
          {t("sessionSwitch.decline", { name: current.name })}
        </button>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
