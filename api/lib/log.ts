import { symbols, type Logger } from "pino";

// Loggers of a part of the API. pino writes a child's bindings after its parent's without merging them, so
// `logger.child({ component: "mail" })` under the portal's `component: "api"` logger would put the key twice on
// every line ({"component":"api",…,"component":"mail"}), which a log reader takes as it likes. Here the
// part's name replaces the parent's.

type WithBindings = Logger & { [key: symbol]: string };

/** A child of `logger` whose lines carry `component` once: this one, in place of any the parent has. */
export function componentLogger(logger: Logger, component: string): Logger {
  if (!Object.hasOwn(logger.bindings(), "component")) return logger.child({ component });
  const child = logger.child({}) as WithBindings;
  // The bindings as pino keeps them: `,"key":value…`, already serialised; a repeated key's last value wins.
  const raw = (logger as WithBindings)[symbols.chindingsSym] ?? "";
  const bindings = JSON.parse(`{${raw.slice(1)}}`) as Record<string, unknown>;
  bindings.component = component;
  child[symbols.chindingsSym] = `,${JSON.stringify(bindings).slice(1, -1)}`;
  return child;
}
