import type { SuccessStatusCode } from "hono/utils/http-status";
import type { ApiSchema } from "#api/app";

// The portal's calls typed from the API's own route definitions (docs/decisions/030-typed-seam.md).
// Types only: this file is the one place under app/ that names api/, and only with `import type`, which
// the build erases (app/layering.test.ts holds both rules). A call names its path as it is sent, e.g.
// `/applications/${id}/portfolio`; the type finds the route it reaches (`/applications/:id/portfolio`)
// and from it the JSON body it takes, its query and the answer of its 2xx responses.

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type MethodKey<M extends ApiMethod> = `$${Lowercase<M>}`;

/** The API's route patterns that answer `M`: "/applications/:id/portfolio", … */
export type ApiRoute<M extends ApiMethod> = RoutesByMethod[M];
// Computed once per method and looked up by `M`: for a still-generic `M` (the client's signatures, the
// aliases below) the lookup stays one deferred type, where the mapped type spread into ~150 deferred
// conditionals that every alias built on it multiplied (millions of instantiations).
type RoutesByMethod = { [M in ApiMethod]: { [R in keyof ApiSchema]: MethodKey<M> extends keyof ApiSchema[R] ? R : never }[keyof ApiSchema] & string };

/** A pattern as the path a caller writes: each ":param" segment is any text. */
type Template<R extends string> = R extends `${infer Head}/${infer Tail}` ? `${Segment<Head>}/${Template<Tail>}` : Segment<R>;
type Segment<S extends string> = S extends `:${string}` ? string : S;

/** Every path a call with method `M` may name: "/config/public", `/applications/${string}/portfolio`, … */
export type ApiPath<M extends ApiMethod> = PathsByMethod[M];
// Spelled per method, and FittingRoute takes any R (its own `R extends string` distributes): an
// `extends string` constraint on RoutesByMethod[M] for a generic M made the checker relate every method's
// routes to string at each use.
type PathsByMethod = {
  GET: Template<RoutesByMethod["GET"]>;
  POST: Template<RoutesByMethod["POST"]>;
  PUT: Template<RoutesByMethod["PUT"]>;
  PATCH: Template<RoutesByMethod["PATCH"]>;
  DELETE: Template<RoutesByMethod["DELETE"]>;
};

/** The number of "/"-separated segments of a path (a `${string}` counts as one, as a route's ":param" does). */
type Depth<P extends string, N extends unknown[] = []> = P extends `${string}/${infer Rest}` ? Depth<Rest, [...N, unknown]> : N["length"];

/**
 * The route a path reaches: the pattern spelled exactly as the path if there is one ("/applications/current"
 * before "/applications/:id", as the API matches), else the patterns of the same depth it fits.
 */
export type RouteOf<M extends ApiMethod, P extends string> = P extends ApiRoute<M> ? P : FittingRoute<ApiRoute<M>, P>;
type FittingRoute<R, P extends string> = R extends string ? (P extends Template<R> ? (Depth<P> extends Depth<R> ? R : never) : never) : never;

/** What Hono records of one method of one route: its input and, per status, its output. */
export type ApiEndpoint<M extends ApiMethod, P extends string> = EndpointAt<RouteOf<M, P>, MethodKey<M>>;
// The route is looked up through a conditional, not `ApiSchema[RouteOf<M, P>]`: indexing by a still-generic
// key made the checker prove RouteOf<M, P> is a key of every route, relating ~150 template types.
type EndpointAt<R, K extends string> = R extends keyof ApiSchema ? (K extends keyof ApiSchema[R] ? ApiSchema[R][K] : never) : never;

type InputOf<E> = E extends { input: infer I } ? I : never;

/** The answer of a call's 2xx responses (its `{ data }`), as the route's response schemas say. */
export type ApiAnswer<M extends ApiMethod, P extends string> = SuccessOutput<ApiEndpoint<M, P>>;
type SuccessOutput<E> = E extends { status: infer S; output: infer O } ? (S extends SuccessStatusCode ? O : never) : never;

/** The JSON body a route takes (its request body schema's input), or never when it takes none. */
export type ApiBody<M extends ApiMethod, P extends string> = InputOf<ApiEndpoint<M, P>> extends { json: infer J } ? J : never;

/** The query a route reads (its query schema's input), or never when it reads none. */
export type ApiQuery<M extends ApiMethod, P extends string> = InputOf<ApiEndpoint<M, P>> extends { query: infer Q } ? Q : never;

/** The options of a call: its bearer token, its query if the route reads one, its body if it takes one. */
export type ApiCallOptions<M extends ApiMethod, P extends string> = { token?: string } & QueryOption<ApiQuery<M, P>> & BodyOption<ApiBody<M, P>>;
type QueryOption<Q> = [Q] extends [never] ? { query?: never } : { query?: Q };
type BodyOption<B> = [B] extends [never] ? { body?: never } : BodyOptional<B> extends true ? { body?: B } : { body: B };
/**
 * A body with no required field (`{}`, or all fields optional) may be left out by the types: the admin's
 * password-reset link sends none. A route that requires even an empty body refuses its absence when called.
 */
type BodyOptional<B> = {} extends B ? true : false;

/** The options argument: left out when nothing in it is required (no body, or one that may be left out). */
export type ApiCallArgs<M extends ApiMethod, P extends string> = [ApiBody<M, P>] extends [never]
  ? [options?: ApiCallOptions<M, P>]
  : BodyOptional<ApiBody<M, P>> extends true
    ? [options?: ApiCallOptions<M, P>]
    : [options: ApiCallOptions<M, P>];

/**
 * The options of an upload or a download: the token, the query the route reads, and request headers passed
 * through (a download's Range and If-Range); the API key and the token are always the client's own.
 */
export type ApiStreamOptions<M extends ApiMethod, P extends string> = { token?: string; headers?: Record<string, string> } & QueryOption<ApiQuery<M, P>>;
