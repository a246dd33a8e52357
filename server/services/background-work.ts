/**
 * The periodic jobs a node runs beside its requests (pruning, sweeps, offer expiry). Shutdown stops
 * their timers, then waits for the runs already in progress, so that none of them meets a closed
 * database half way through.
 */
export interface BackgroundWork {
  /** Runs `job` now, tracked until it settles; answers its promise. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Settles once every run started so far has settled. */
  settled(): Promise<void>;
}

export function createBackgroundWork(): BackgroundWork {
  const inProgress = new Set<Promise<unknown>>();
  return {
    run(job) {
      const running = job();
      const tracked = running.then(
        () => undefined,
        () => undefined,
      );
      inProgress.add(tracked);
      void tracked.then(() => inProgress.delete(tracked));
      return running;
    },
    async settled() {
      await Promise.all([...inProgress]);
    },
  };
}
