// The same-framework baseline of bench/compare.mjs: a minimal Remix 2.17 app, written for
// this project, that serves what the portal's measured pages serve with nothing else around them.
// - Remix's own server runtime and React SSR through @remix-run/express, with the portal's future flags
//   (single fetch: loader data goes to the browser through turbo-stream, as the portal's does);
// - a signed cookie session holding the user's id and role, and a role check;
// - `/application-list`: the portal's own four SQL statements (captured from api/services/review/review.ts by
//   bench/compare.mjs and passed in BASELINE_QUERIES) through a `pg` pool, rendered as a 25-row table;
// - `/`: the applicant's latest application, one statement, rendered as a summary;
// - `/login`: a login form.
// No i18n, no API layer, no layout beyond one root. Hand-written route modules (no Vite build): a
// ServerBuild object is what Remix's request handler takes.
//   DATABASE_URL=… PORT=… SESSION_SECRET=… BASELINE_QUERIES=/path/queries.json node bench/baseline/server.mjs
import { readFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, createCookieSessionStorage, json, redirect } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/express";
import { Links, Meta, Outlet, RemixServer, Scripts, useLoaderData } from "@remix-run/react";
import express from "express";
import pg from "pg";
import { createElement as h } from "react";
import { renderToPipeableStream } from "react-dom/server";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const queries = JSON.parse(readFileSync(process.env.BASELINE_QUERIES, "utf8"));
const sessions = createCookieSessionStorage({
  cookie: { name: "__baseline", secrets: [process.env.SESSION_SECRET ?? "baseline-secret"], httpOnly: true, sameSite: "lax", path: "/" },
});

async function userOf(request, roles) {
  const session = await sessions.getSession(request.headers.get("cookie"));
  const user = session.get("user");
  if (!user) throw redirect("/login");
  if (roles && !roles.includes(user.role)) throw new Response("Forbidden", { status: 403 });
  return user;
}

// ---- routes ----------------------------------------------------------------------------------

const root = {
  default: function Root() {
    return h(
      "html",
      { lang: "id" },
      h("head", null, h("meta", { charSet: "utf-8" }), h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }), h(Meta), h(Links)),
      h("body", null, h(Outlet), h(Scripts)),
    );
  },
  meta: () => [{ title: "Adaptasi Nakes LLN" }],
};

const list = {
  async loader({ request }) {
    await userOf(request, [1, 2, 5]);
    const q = new URL(request.url).searchParams.get("q");
    const set = q ? queries.search : queries.list;
    // The page's ids, then its rows by id, beside the two tab counts: as the portal does.
    const [rows, all, action] = await Promise.all([
      pool.query(set.ids.text, set.ids.params).then((r) => {
        const ids = r.rows.map((x) => Object.values(x)[0]);
        // The portal's statement takes the ids as one array ($1) since the speed work (docs/decisions/023-speed.md), as a list of $n before.
        return pool.query(set.rows.text, /\$2\b/.test(set.rows.text) ? ids : [ids]);
      }),
      pool.query(set.all.text, set.all.params),
      pool.query(set.action.text, set.action.params),
    ]);
    return json({
      rows: rows.rows.map((r) => ({
        id: r.id,
        number: r.registration_number,
        name: r.applicant_name,
        email: r.applicant_email,
        jalur: r.jalur_id,
        stage: r.open_stage_id ?? r.stage_id,
        status: r.status,
        submitted: r.submitted_at,
        deadline: r.deadline_at,
      })),
      counts: { all: Object.values(all.rows[0])[0], action: Object.values(action.rows[0])[0] },
    });
  },
  default: function List() {
    const { rows, counts } = useLoaderData();
    const date = (d) => (d ? new Date(d).toLocaleDateString("id-ID", { timeZone: "Asia/Jakarta" }) : "—");
    return h(
      "main",
      null,
      h("h1", null, "Daftar Permohonan"),
      h("nav", null, h("a", { href: "?tab=action" }, `Perlu tindakan (${counts.action})`), " ", h("a", { href: "?tab=all" }, `Semua (${counts.all})`)),
      h("form", { method: "get" }, h("input", { name: "q", "aria-label": "Cari" }), h("button", null, "Cari")),
      h(
        "table",
        null,
        h("thead", null, h("tr", null, ...["Nomor", "Nama", "Jalur", "Tahap", "Status", "Diajukan", "Tenggat", ""].map((c) => h("th", { key: c }, c)))),
        h(
          "tbody",
          null,
          rows.map((r) =>
            h(
              "tr",
              { key: r.id },
              h("td", null, r.number),
              h("td", null, r.name, h("br"), r.email),
              h("td", null, r.jalur),
              h("td", null, String(r.stage ?? "—")),
              h("td", null, r.status),
              h("td", null, date(r.submitted)),
              h("td", null, date(r.deadline)),
              h("td", null, h("a", { href: `/application-list/${r.id}` }, "Detail")),
            ),
          ),
        ),
      ),
    );
  },
};

const home = {
  async loader({ request }) {
    const user = await userOf(request, [3]);
    const r = await pool.query(queries.home.text, [user.id]);
    return json({ application: r.rows[0] ?? null });
  },
  default: function Home() {
    const { application: a } = useLoaderData();
    return h(
      "main",
      null,
      h("h1", null, "Beranda"),
      a
        ? h("dl", null, h("dt", null, "Jalur"), h("dd", null, a.jalur_id), h("dt", null, "Status"), h("dd", null, a.status))
        : h("p", null, "Belum ada permohonan"),
    );
  },
};

const login = {
  default: function Login() {
    return h(
      "main",
      null,
      h("h1", null, "Masuk"),
      h(
        "form",
        { method: "post" },
        h("label", null, "Email ", h("input", { name: "email", type: "email" })),
        h("label", null, "Kata sandi ", h("input", { name: "password", type: "password" })),
        h("button", null, "Masuk"),
      ),
    );
  },
};

// Not measured: sets the session the measured pages read (the bench logs in through it once).
const loginAs = {
  async loader({ request }) {
    const url = new URL(request.url);
    const session = await sessions.getSession();
    session.set("user", { id: url.searchParams.get("id"), role: Number(url.searchParams.get("role")) });
    return redirect("/", { headers: { "Set-Cookie": await sessions.commitSession(session) } });
  },
};

// ---- the build ---------------------------------------------------------------------------------

function handleRequest(request, status, headers, context) {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(h(RemixServer, { context, url: request.url }), {
      onAllReady() {
        const body = new PassThrough();
        headers.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { status, headers }));
        pipe(body);
      },
      onShellError: reject,
    });
  });
}

const modules = { root, "routes/application-list": list, "routes/home": home, "routes/login": login, "routes/login-as": loginAs };
const paths = { root: "", "routes/application-list": "application-list", "routes/home": undefined, "routes/login": "login", "routes/login-as": "login-as" };
const routes = {};
const manifestRoutes = {};
for (const [id, module] of Object.entries(modules)) {
  const shape = { id, parentId: id === "root" ? undefined : "root", path: paths[id], index: id === "routes/home" ? true : undefined, caseSensitive: undefined };
  routes[id] = { ...shape, module };
  manifestRoutes[id] = {
    ...shape,
    module: `/assets/${id.replace("/", "-")}.js`,
    imports: [],
    hasAction: false,
    hasLoader: !!module.loader,
    hasClientAction: false,
    hasClientLoader: false,
    hasErrorBoundary: false,
  };
}
const build = {
  mode: "production",
  entry: { module: { default: handleRequest } },
  routes,
  assets: { entry: { module: "/assets/entry.client.js", imports: [] }, routes: manifestRoutes, url: "/assets/manifest.js", version: "1" },
  publicPath: "/",
  assetsBuildDirectory: "/nonexistent",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
    v3_routeConfig: true,
  },
  isSpaMode: false,
};

const app = express();
app.disable("x-powered-by");
app.all("*", createRequestHandler({ build, mode: "production" }));
const server = app.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
process.on("SIGTERM", () => server.close(() => pool.end().then(() => process.exit(0))));
