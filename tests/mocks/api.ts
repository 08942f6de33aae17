import { http, HttpResponse } from "msw";
import type { AuthUser } from "#contracts/me";

// The portal's one outside service: the HTTP API (spec §7) when it runs at API_URL.
export const MOCK_API_URL = "http://api.test";
export const MOCK_API_KEY = "k".repeat(40);

export function meFor(role: number, overrides: Partial<AuthUser["user"]> = {}): AuthUser {
  return {
    id: "u1",
    email: "user@adaptasi.test",
    name: "Pengguna Uji",
    role,
    userVerification: [],
    user: {
      id: "u1",
      email: "user@adaptasi.test",
      role_id: role,
      full_name: "Pengguna Uji",
      is_hospital_verified: false,
      is_fasyankes: [2, 4, 8].includes(role),
      is_foreign: false,
      is_active: true,
      nik: null,
      phone: null,
      foreign_id: null,
      nationality: null,
      is_kek: null,
      preferred_jalur: null,
      ...overrides,
    },
  };
}

export interface ApiMockState {
  validAccess: Set<string>;
  validRefresh: Map<string, string>; // refresh token → the access token it yields
  revoked: string[];
  refreshCalls: number;
  me: AuthUser;
}

export function apiHandlers(state: ApiMockState) {
  const base = `${MOCK_API_URL}/api/v1`;
  const keyOk = (request: Request) => request.headers.get("x-adaptasiapikey") === MOCK_API_KEY;
  const unauthorized = (code: string) => HttpResponse.json({ error: { code, message: "Token tidak valid." } }, { status: 401 });
  return [
    http.get(`${base}/admin/get-me`, ({ request }) => {
      if (!keyOk(request)) return unauthorized("INVALID_API_KEY");
      const token = request.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
      return state.validAccess.has(token) ? HttpResponse.json({ data: state.me }) : unauthorized("INVALID_TOKEN");
    }),
    http.post(`${base}/refresh`, async ({ request }) => {
      state.refreshCalls += 1;
      const { refresh_token } = (await request.json()) as { refresh_token: string };
      const access = state.validRefresh.get(refresh_token);
      if (!access) return unauthorized("INVALID_REFRESH_TOKEN");
      state.validRefresh.delete(refresh_token);
      const next = `${refresh_token}+`;
      state.validRefresh.set(next, `${access}+`);
      state.validAccess.add(`${access}+`);
      return HttpResponse.json({ token: { type: "bearer", token: `${access}+`, refreshToken: next } });
    }),
    http.post(`${base}/revoke`, async ({ request }) => {
      const { refresh_token } = (await request.json()) as { refresh_token: string };
      state.revoked.push(refresh_token);
      return HttpResponse.json({ data: { revoked: 1 } });
    }),
  ];
}
