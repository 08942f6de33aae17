import { type RouteConfig, index, layout, route } from "@remix-run/route-config";

// The route tree, beside spec §2. Pathless layouts carry the four layouts of the spec:
// landing (navbar, no footer; logged-in users leave), plain (centred logo + footer),
// and the logged-in layout (sidebar + top bar; role 3 gets the navbar version, it has no sidebar items).
export default [
  // Public and authentication routes (landing layout)
  layout("routes/_landing.tsx", [
    route("welcome", "routes/_landing.welcome.tsx"),
    route("login", "routes/_landing.login.tsx"),
    route("wna/login", "routes/_landing.wna.login.tsx"),
  ]),
  // Plain layout
  layout("routes/_plain.tsx", [route("error", "routes/_plain.error.tsx")]),
  // Logged-in routes
  layout("routes/_app.tsx", [
    index("routes/_app._index.tsx"),
    route("dashboard", "routes/_app.dashboard.tsx"),
    route("profile", "routes/_app.profile.tsx"),
    route("evaluation-requirements", "routes/_app.evaluation-requirements.tsx"),
    route("application", "routes/_app.application.tsx"),
    route("application-list", "routes/_app.application-list.tsx"),
  ]),
  // Resource routes
  route("logout", "routes/logout.ts"),
  route("session/refresh", "routes/session.refresh.ts"),
  // Unknown routes: 404 'This page could not be found'
  route("*", "routes/$.tsx"),
] satisfies RouteConfig;
