// A page the server renders whole (app/entry.server.tsx: a page without hydration) as a Response that also
// carries its bytes, so server/remix-handler.ts writes them to the socket in one call instead of reading the
// Response's body back through a web stream. Any other Response (a stream, a redirect, a HEAD answer Remix
// made anew) carries none and is written as before.
//
// The mark is a registered symbol: the page's module is bundled into the build and the server's is loaded
// from source, so each has its own copy of this module, and Symbol.for names the same symbol in both.
export const WHOLE_PAGE_BYTES: unique symbol = Symbol.for("adaptasi.whole-page-bytes");

type Marked = Response & { [WHOLE_PAGE_BYTES]?: Uint8Array };

/** A Response of `bytes`, marked with them. */
export function wholePageResponse(bytes: Buffer<ArrayBuffer>, init: { status: number; headers: Headers }): Response {
  const response: Marked = new Response(bytes, init);
  response[WHOLE_PAGE_BYTES] = bytes;
  return response;
}

/** The bytes of a Response made by wholePageResponse, or undefined for any other. */
export function wholePageBytes(response: Response): Uint8Array | undefined {
  return (response as Marked)[WHOLE_PAGE_BYTES];
}
