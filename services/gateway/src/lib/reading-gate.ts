/**
 * Bodies of /submit being read at once: at most `perKey` per team and `total` in all; the others
 * wait before their body is read, so their bytes stay in the network buffers (TCP pushes back on
 * the client). Unlike the intake gate's slots, which a body takes only once it is all in, a place
 * here can be held by a slow client: one per team means that a team's slow bodies delay only its
 * own, and the body deadlines (body-deadline.ts) bound how long (issue 31, finding 3).
 */
export function createReadingGate({ perKey, total }: { perKey: number; total: number }) {
  const reading = new Map<string, number>();
  let inUse = 0;
  const waiting: { key: string; resolve: () => void }[] = [];

  const admits = (key: string) => inUse < total && (reading.get(key) ?? 0) < perKey;
  const take = (key: string) => {
    inUse += 1;
    reading.set(key, (reading.get(key) ?? 0) + 1);
  };
  const give = (key: string) => {
    inUse -= 1;
    const left = (reading.get(key) ?? 1) - 1;
    if (left === 0) reading.delete(key);
    else reading.set(key, left);
    // The first waiter this frees, in order: its team's turn, or any team's for a total place.
    for (let i = 0; i < waiting.length; i++) {
      const next = waiting[i]!;
      if (!admits(next.key)) continue;
      waiting.splice(i, 1);
      take(next.key);
      next.resolve();
      return;
    }
  };

  return {
    /** Resolves with this body's release (safe to call more than once) once it may be read. */
    async enter(key: string): Promise<() => void> {
      if (admits(key)) take(key);
      else await new Promise<void>((resolve) => waiting.push({ key, resolve }));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        give(key);
      };
    },
  };
}
