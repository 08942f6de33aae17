import type { NextFunction, Request, Response } from "express";

/**
 * At most `max` page requests (GET/HEAD) are rendered at once; the others wait their turn in order.
 * Load test: with hundreds of pages rendering at once, each render's stream was interleaved
 * with all the others and passed entry.server's abort delay, so pages went out cut short. In a queue
 * a page waits before its loaders run, then renders without competing with hundreds of others.
 * Actions (POST, uploads) are never held back.
 */
export function pageQueue(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    while (active < max && waiting.length > 0) waiting.shift()!();
  };
  return (req: Request, res: Response, proceed: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return proceed();
    const start = () => {
      active += 1;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        active -= 1;
        next();
      };
      res.once("finish", release);
      res.once("close", release);
      proceed();
    };
    if (active < max) return start();
    waiting.push(start);
    // A browser that gives up while waiting leaves the queue.
    res.once("close", () => {
      const i = waiting.indexOf(start);
      if (i >= 0) waiting.splice(i, 1);
    });
  };
}
