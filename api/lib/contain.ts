import type { EventEmitter } from "node:events";

// Containment by construction. A request body is read by event emitters (the socket's request, busboy and
// the streams of its parts, a file being written); their events are dispatched from a socket's callback,
// where an exception thrown by a listener has no caller to catch it: it was an uncaught exception, and it
// ended the whole process with every request in flight (a nameless multipart part). Each place that
// reads a body wraps its emitters here, once, when it creates them: whatever throws while one of their
// events is dispatched — a listener of ours, of a library, one written next year — goes to `onThrow`, which
// ends that one request (4xx when the client's input was at fault, 5xx when we were), never the process.

/** Something a contained emitter raised while dispatching `event`. */
export class ListenerFault extends Error {
  constructor(
    readonly event: string,
    readonly thrown: unknown,
  ) {
    super(`an exception while dispatching "${event}": ${thrown instanceof Error ? thrown.message : String(thrown)}`, { cause: thrown });
  }
}

/**
 * From now on, an exception thrown while `emitter` dispatches any event goes to `onThrow` (as a
 * ListenerFault) instead of up the stack. Returns the undo (for an emitter that outlives the reading: a
 * request's socket stream). `fault` is a test's injected fault (injectedFault).
 */
export function contain(emitter: EventEmitter, onThrow: (fault: ListenerFault) => void, fault?: string): () => void {
  const own = Object.prototype.hasOwnProperty.call(emitter, "emit") ? emitter.emit : undefined;
  const emit = emitter.emit;
  let injected = fault;
  const contained = function (this: EventEmitter, event: string | symbol, ...args: unknown[]): boolean {
    try {
      if (injected !== undefined && typeof event === "string" && faultMatches(injected, event) && this.listenerCount(event) > 0) {
        injected = undefined; // once: as one listener's bug
        throw new Error(`injected fault in a "${event}" listener`);
      }
      return emit.call(this, event, ...args);
    } catch (thrown) {
      onThrow(new ListenerFault(String(event), thrown));
      return true;
    }
  };
  emitter.emit = contained;
  return () => {
    if (emitter.emit !== contained) return; // wrapped again since: left as it is
    if (own) emitter.emit = own;
    else delete (emitter as { emit?: unknown }).emit;
  };
}

/** "limit" stands for every limit event (busboy's filesLimit, fieldsLimit, partsLimit; a part's limit). */
const faultMatches = (fault: string, event: string) => fault === event || (fault === "limit" && /limit$/i.test(event));

/**
 * Tests only (NODE_ENV=test and TEST_LISTENER_FAULTS=true, both read when asked): the event named by a
 * body's Content-Type parameter `x-test-throw-in` (field, file, data, end, error, limit) — or, where the
 * type must stay exact (tus), by the header `X-Test-Throw-In` — whose dispatch then throws once, as a
 * listener with a bug would. Otherwise undefined, whatever the request says.
 */
export function injectedFault(from: string | Headers | null | undefined): string | undefined {
  if (process.env.NODE_ENV !== "test" || process.env.TEST_LISTENER_FAULTS !== "true" || !from) return undefined;
  if (typeof from !== "string") return from.get("x-test-throw-in")?.toLowerCase() || injectedFault(from.get("content-type"));
  return /;\s*x-test-throw-in=([a-z]+)/i.exec(from)?.[1]?.toLowerCase();
}
