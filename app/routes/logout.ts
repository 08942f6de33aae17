import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { SESSION } from "#domain/constants";
import { logoutResponse } from "~/utils/auth.server";

/** Logout is a POST (nothing that changes data is a GET): the session ends here and at the API. */
export async function action({ context }: ActionFunctionArgs) {
  return logoutResponse(context.api, await context.auth(), SESSION.AFTER_LOGOUT, { severity: "success", message: "Anda telah keluar." });
}

export function loader() {
  return redirect("/");
}
