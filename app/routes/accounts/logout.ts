import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { SESSION } from "#domain/constants";
import { logoutResponse } from "~/utils/auth.server";
import { i18next } from "~/utils/i18n.server";

/** Logout is a POST (nothing that changes data is a GET): every session of the account ends, here and at the API. */
export async function action({ request, context }: ActionFunctionArgs) {
  const toast = { severity: "success", message: (await i18next.getFixedT(request))("toast.loggedOut") } as const;
  return logoutResponse(context.api, await context.auth(), SESSION.AFTER_LOGOUT, toast, { all: true });
}

export function loader() {
  return redirect("/");
}
