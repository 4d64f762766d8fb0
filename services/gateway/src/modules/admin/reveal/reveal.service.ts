import type { RevealRecord, RevealsRepository } from "@tandem/db";

/**
 * Whether the final standings are revealed, asked on every answer that shows a score. The
 * reveal cannot be undone, so once seen it is kept; "not yet" is re-read after `ttlMs`, so
 * another gateway's reveal shows here within that time (never the other way round: a private
 * score is never shown before the reveal is recorded).
 */
export function createRevealService({
  reveals,
  ttlMs = 1000,
  now = Date.now,
  onRevealed,
}: {
  reveals: RevealsRepository;
  ttlMs?: number;
  now?: () => number;
  /** Runs after the reveal is recorded (the practice scores' feedback); must be idempotent. */
  onRevealed?: () => Promise<void>;
}) {
  let revealed = false;
  let checkedAt = Number.NEGATIVE_INFINITY;
  return {
    async isRevealed(): Promise<boolean> {
      if (revealed) return true;
      if (now() - checkedAt < ttlMs) return false;
      const record = await reveals.current();
      checkedAt = now();
      // A reveal made here while this read was under way stands.
      revealed = revealed || record !== null;
      return revealed;
    },
    current(): Promise<RevealRecord | null> {
      return reveals.current();
    },
    async reveal(userId: string): Promise<{ record: RevealRecord; created: boolean }> {
      const outcome = await reveals.reveal(userId);
      revealed = true;
      // Also when it was already recorded: a reveal asked again finishes what a failed one left.
      await onRevealed?.();
      return outcome;
    },
  };
}
export type RevealService = ReturnType<typeof createRevealService>;
