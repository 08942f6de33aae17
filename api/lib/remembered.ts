// A read remembered for a few seconds: the public settings every page shows, the tab counts of
// the review lists. Per database (tests run several side by side), per key, and forgotten at once when
// this process writes what the read depends on. Another process writing the same PostgreSQL database is
// seen when the time runs out; a read that overlapped a write of this process is not kept.

export interface Remembered<V> {
  /** The remembered value of `key`, or `read()`'s, remembered for the next callers (`now`: a test's clock). */
  get(db: object, key: string, read: () => Promise<V>, now?: () => number): Promise<V>;
  /** Forgets every value: the next get reads again. */
  forget(): void;
}

/** Every remembered read of the process, for forgetRememberedReads. */
const everyRead = new Set<Remembered<unknown>>();

/**
 * Forgets every remembered read: the API calls it once it has answered a request that may have written
 * (POST, PUT, PATCH, DELETE), so whoever changed something sees it on the next page.
 */
export function forgetRememberedReads(): void {
  for (const r of everyRead) r.forget();
}

export function remembered<V>(opts: { ttlMs: number; maxKeys?: number }): Remembered<V> {
  const maxKeys = opts.maxKeys ?? 1000;
  let generation = 0;
  const byDb = new WeakMap<object, Map<string, { value: V; at: number; generation: number }>>();
  const reads: Remembered<V> = {
    async get(db, key, read, now = Date.now) {
      let values = byDb.get(db);
      if (!values) byDb.set(db, (values = new Map()));
      const hit = values.get(key);
      if (hit && hit.generation === generation && now() - hit.at < opts.ttlMs) return hit.value;
      const started = generation;
      const value = await read();
      if (started === generation) {
        values.delete(key); // re-inserted last: the oldest key is the first one dropped
        values.set(key, { value, at: now(), generation: started });
        if (values.size > maxKeys) values.delete(values.keys().next().value!);
      }
      return value;
    },
    forget() {
      generation += 1;
    },
  };
  everyRead.add(reads as Remembered<unknown>);
  return reads;
}
