import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { SESSION } from "#domain/constants";
import { logoutResponse } from "~/utils/auth.server";

/** Logout is a POST (nothing that changes data is a GET): every session of the account ends, here and at the API. */
export async function action({ context }: ActionFunctionArgs) {
  const toast = { severity: "success", message: "Anda telah keluar." } as const;
  return logoutResponse(context.api, await context.auth(), SESSION.AFTER_LOGOUT, toast, { all: true });
}

export function loader() {
  return redirect("/");
}
