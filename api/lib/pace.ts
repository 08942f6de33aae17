// Background work that must not crowd out the pages (a CSV export of the whole list): each step runs
// alone among the steps of its pacer, and after a step that took t the next one, of any caller, starts
// no sooner than t × (1 − share) / share later. However many exports run, together they take at most
// `share` of the process's time (and of the database's, for the statements a step waits on); a page
// never waits for them (docs/decisions/025-capacity.md, "An export beside the pages").

export interface Pacer {
  /** Runs `step` when its turn comes, then holds the next step back for the pause its time asks. */
  step<T>(step: () => Promise<T>): Promise<T>;
}

export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: PacerClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref?.()),
};

export function pacer(share: number, clock: PacerClock = realClock): Pacer {
  if (!(share > 0 && share <= 1)) throw new Error(`a pacer's share is in (0, 1], not ${share}`);
  let turn: Promise<void> = Promise.resolve();
  return {
    async step(step) {
      const previous = turn;
      let release!: () => void;
      turn = new Promise<void>((resolve) => (release = resolve));
      await previous;
      const started = clock.now();
      try {
        return await step();
      } finally {
        const took = clock.now() - started;
        const pause = (took * (1 - share)) / share;
        if (pause > 0) void clock.sleep(pause).then(release);
        else release();
      }
    },
  };
}
