import type { ActionFunction, ServerBuild } from "@remix-run/node";

// A POST whose body is not a readable form (JSON or text where a form belongs, a broken multipart body)
// made `request.formData()` throw a TypeError in whichever action read it: a 500 for the sender's
// mistake (found by the bad-input corpus). Every action is wrapped once here so that mistake
// is a 400 with an Indonesian message instead, shown by the error screen.

export const UNREADABLE_FORM = "Isian formulir tidak dapat dibaca. Kirim ulang formulir dari halamannya.";

function isUnreadableForm(error: unknown): boolean {
  return (
    (error instanceof TypeError && /Content-Type was not one of|Failed to parse body as FormData|multipart|boundary/i.test(error.message)) ||
    // Field names nested thousands of levels deep ("a.a.a…", "a[0][0]…") overflow the stack of conform's
    // parser, a 500 on every form. No form of the portal nests more than two levels.
    (error instanceof RangeError && /Maximum call stack size exceeded/.test(error.message))
  );
}

function guard(action: ActionFunction): ActionFunction {
  return async (args) => {
    try {
      return await action(args);
    } catch (error) {
      if (isUnreadableForm(error)) throw new Response(UNREADABLE_FORM, { status: 400, statusText: "Bad Request" });
      throw error;
    }
  };
}

/** The same build with every route action answering 400 (not 500) to a body that is not a form. */
export function guardFormParsing(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => [
      id,
      route.module.action ? { ...route, module: { ...route.module, action: guard(route.module.action) } } : route,
    ]),
  );
  return { ...build, routes } as ServerBuild;
}
