/**
 * Requests being worked on, whether their client still waits or not: the app's close waits for
 * them, since a client that went away leaves no connection for `server.close()` to wait on.
 */
export function createWorkInFlight() {
  const running = new Set<Promise<void>>();
  return {
    /** One piece of work begins; call what this returns once it is over (again is harmless). */
    begin(): () => void {
      let end = () => {};
      const over = new Promise<void>((resolve) => {
        end = resolve;
      });
      running.add(over);
      void over.then(() => running.delete(over));
      return end;
    },
    /** Pieces of work not over yet. */
    count: () => running.size,
    /** Resolves once no piece is left, those begun meanwhile included. */
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
