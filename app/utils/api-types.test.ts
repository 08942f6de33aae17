import { describe, expect, expectTypeOf, it } from "vitest";
import type { Application } from "#contracts/applications";
import type { Profile } from "#contracts/profile";
import type { ReviewDetail } from "#contracts/review";
import { createApiClient, type ApiAnswer, type ApiClient, type ApiResult } from "./api.server";

// The portal's calls are typed from the API's own routes (docs/decisions/030-typed-seam.md). `tsc` checks
// this file with the rest of the project: each line under a `@ts-expect-error` must fail to compile, or
// the type check fails ("Unused '@ts-expect-error' directive"). The functions below are never run.

declare const id: string;

export function wrongCalls(api: ApiClient) {
  // @ts-expect-error a path no route has
  void api.call("GET", "/aplications/current");
  // @ts-expect-error a method the route does not answer
  void api.call("DELETE", "/applications/current");
  // @ts-expect-error a path parameter left out: DELETE /applications/:id/documents/:requirementId
  void api.call("DELETE", `/applications/${id}/documents`);
  // @ts-expect-error a path made at run time from any text
  void api.call("GET", String(id));
  // @ts-expect-error a query parameter the route does not read
  void api.call("GET", "/admin/users", { query: { sortir: "nama" } });
  // @ts-expect-error a query parameter's value the route does not accept
  void api.call("GET", "/admin/users", { query: { status: "deleted" } });
  // @ts-expect-error a query on a route that reads none
  void api.call("GET", "/config/public", { query: { page: "2" } });
  // @ts-expect-error a body left out where the route requires one
  void api.call("POST", "/login");
  // @ts-expect-error a body field the route does not take
  void api.call("PUT", `/applications/${id}/portfolio`, { body: { entry: [] } });
  // @ts-expect-error a body field of the wrong type
  void api.call("POST", "/login", { body: { email: "a@b.id", password: 123 } });
  // @ts-expect-error a body on a route that takes none
  void api.call("GET", "/config/public", { body: {} });
  // @ts-expect-error an upload to a route that takes no POST
  void api.upload("/me/profile", null, "multipart/form-data; boundary=b");
  // @ts-expect-error the old form: the answer's type named by hand
  void api.call<{ data: Application }>("GET", "/applications/current");
}

export async function wrongAnswers(api: ApiClient) {
  const r = await api.call("GET", "/applications/current");
  if (r.ok && r.body.data) {
    // @ts-expect-error a field the answer does not have
    void r.body.data.registration_no;
    // @ts-expect-error a field read as the wrong type
    const n: number = r.body.data.id;
    void n;
  }
  // @ts-expect-error an answer typed by hand as another route's
  const other: ApiResult<{ data: Profile }> = await api.call("GET", "/applications/current");
  void other;
}

describe("the typed seam", () => {
  it("types each answer as its route's 2xx answer, the contract's shape", () => {
    expectTypeOf<ApiAnswer<"GET", "/applications/current">>().toEqualTypeOf<{ data: Application | null }>();
    expectTypeOf<ApiAnswer<"GET", "/me/profile">>().toEqualTypeOf<{ data: Profile }>();
    // A path as the portal writes it reaches the route with the same segments ("/review/applications/:id"),
    // not a shorter or longer one that a `${string}` would also fit.
    expectTypeOf<ApiAnswer<"GET", `/review/applications/${string}`>>().toEqualTypeOf<{ data: ReviewDetail }>();
    expectTypeOf<ApiAnswer<"POST", `/review/applications/${string}/decisions`>>().toEqualTypeOf<{ data: ReviewDetail }>();
  });

  it("sends a typed call as the untyped one did: the path as written, the query, the body, the token", async () => {
    const seen: Request[] = [];
    const api = createApiClient({
      baseUrl: "http://api.test",
      apiKey: "k",
      fetch: async (request) => (seen.push(request), Response.json({ data: { entries: [] } })),
    });
    const r = await api.call("PUT", `/applications/${encodeURIComponent("a 1")}/portfolio`, { token: "t", body: { entries: [] } });
    expect(r).toEqual({ ok: true, status: 200, body: { data: { entries: [] } } });
    expect(seen[0].method).toBe("PUT");
    expect(seen[0].url).toBe("http://api.test/api/v1/applications/a%201/portfolio");
    expect(seen[0].headers.get("authorization")).toBe("Bearer t");
    expect(await seen[0].json()).toEqual({ entries: [] });
    await api.call("GET", "/admin/users", { token: "t", query: { q: "rina", status: "active", page: undefined } });
    expect(seen[1].url).toBe("http://api.test/api/v1/admin/users?q=rina&status=active");
  });
});
