import { parseWithZod } from "@conform-to/zod/v4";
import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { guardFormParsing, UNREADABLE_FORM } from "./form-guard";

// A body that is not a form is the sender's mistake (400), not the server's (500).

function buildWith(action: (args: { request: Request }) => Promise<unknown>): ServerBuild {
  return { routes: { page: { id: "page", module: { action } }, plain: { id: "plain", module: {} } } } as unknown as ServerBuild;
}

async function callAction(build: ServerBuild, request: Request) {
  const action = build.routes.page.module.action!;
  return action({ request, params: {}, context: {} } as never);
}

describe("guardFormParsing", () => {
  const build = guardFormParsing(buildWith(async ({ request }) => Object.fromEntries(await request.formData())));

  it("passes a readable form through", async () => {
    const request = new Request("http://x/page", { method: "POST", body: new URLSearchParams({ a: "1" }) });
    expect(await callAction(build, request)).toEqual({ a: "1" });
  });

  it.each([
    ["JSON", "application/json", '{"a":1}'],
    ["broken multipart", "multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1'],
  ])("answers %s with a 400 and an Indonesian message", async (_, type, body) => {
    const request = new Request("http://x/page", { method: "POST", headers: { "content-type": type }, body });
    const thrown = await callAction(build, request).then(
      () => null,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
    expect(await (thrown as Response).text()).toBe(UNREADABLE_FORM);
  });

  it("answers field names nested 5,000 levels deep (a stack overflow in the form parser) with a 400", async () => {
    const parsing = guardFormParsing(
      // An action's refusal replies with the form's values, which conform normalises recursively.
      buildWith(async ({ request }) => parseWithZod(await request.formData(), { schema: z.object({ email: z.string().email() }) }).reply().status),
    );
    for (const name of [`email${".a".repeat(5_000)}`, `email${"[0]".repeat(5_000)}`]) {
      const request = new Request("http://x/page", { method: "POST", body: new URLSearchParams({ [name]: "x" }) });
      const thrown = await callAction(parsing, request).then(
        () => null,
        (e: unknown) => e,
      );
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(400);
      expect(await (thrown as Response).text()).toBe(UNREADABLE_FORM);
    }
    // A name a form of the portal could have is parsed as before.
    const request = new Request("http://x/page", { method: "POST", body: new URLSearchParams({ email: "a@b.id", "documents[0].note": "x" }) });
    expect(await callAction(parsing, request)).toBe("success");
  });

  it("leaves other errors and routes without an action alone", async () => {
    const failing = guardFormParsing(buildWith(async () => Promise.reject(new Error("boom"))));
    await expect(callAction(failing, new Request("http://x/page", { method: "POST" }))).rejects.toThrow("boom");
    const range = guardFormParsing(buildWith(async () => Promise.reject(new RangeError("Invalid time value"))));
    await expect(callAction(range, new Request("http://x/page", { method: "POST" }))).rejects.toThrow("Invalid time value");
    expect(build.routes.plain.module.action).toBeUndefined();
  });
});
