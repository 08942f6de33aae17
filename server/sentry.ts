// What the server sends to Sentry (SENTRY_DSN) leaves out what must not leave the process:
// credentials in the request (the bearer token, the API key, cookies, query-token links) and a failed
// query's parameters, which can be e-mails or password hashes. Proven by tests/faults/sentry.test.ts.

const SECRET_HEADERS = new Set(["authorization", "cookie", "set-cookie", "x-adaptasiapikey", "proxy-authorization"]);
const SECRET_QUERY = /^(token|refresh_token|access_token|code)$/i;

type Scrubbable = {
  exception?: { values?: Array<{ value?: string }> };
  request?: { headers?: Record<string, string>; cookies?: unknown; query_string?: unknown; url?: string; data?: unknown };
};

function scrubQuery(query: string): string {
  const params = new URLSearchParams(query.startsWith("?") ? query.slice(1) : query);
  for (const key of [...params.keys()]) if (SECRET_QUERY.test(key)) params.set(key, "[removed]");
  return params.toString();
}

export function scrubEvent<E extends Scrubbable>(event: E): E {
  for (const v of event.exception?.values ?? []) {
    if (v.value) v.value = v.value.replace(/\nparams: [\s\S]*$/, "\nparams: [removed]");
  }
  const request = event.request;
  if (request) {
    if (request.headers) {
      for (const name of Object.keys(request.headers)) if (SECRET_HEADERS.has(name.toLowerCase())) request.headers[name] = "[removed]";
    }
    delete request.cookies;
    delete request.data; // a form or JSON body (passwords)
    if (typeof request.query_string === "string") request.query_string = scrubQuery(request.query_string);
    else if (request.query_string && typeof request.query_string === "object") delete request.query_string;
    if (request.url?.includes("?")) {
      const [path, query] = request.url.split("?", 2);
      request.url = `${path}?${scrubQuery(query)}`;
    }
  }
  return event;
}
