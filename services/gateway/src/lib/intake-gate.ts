/**
 * At most `slots` submissions read and checked at once per gateway; the others wait before
 * their body is read, so their bytes stay in the network buffers (TCP pushes back on the
 * client) instead of the gateway's memory. Under a deadline rush of hundreds of multi-MB
 * uploads this bounds memory, and keeps the request thread free for everyone else.
 */
export function createIntakeGate(slots: number) {
  let free = slots;
  const queue: (() => void)[] = [];
  let peakWaiting = 0;

  const release = () => {
    const next = queue.shift();
    if (next) next();
    else free += 1;
  };

  return {
    /** Resolves with this request's release (safe to call more than once) once a slot is free. */
    async enter(): Promise<() => void> {
      if (free > 0) free -= 1;
      else {
        await new Promise<void>((resolve) => {
          queue.push(resolve);
          peakWaiting = Math.max(peakWaiting, queue.length);
        });
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
      };
    },
    /** Requests waiting for a slot now, and the most seen at once. */
    stats: () => ({ waiting: queue.length, peakWaiting, inUse: slots - free }),
  };
}
export type IntakeGate = ReturnType<typeof createIntakeGate>;
