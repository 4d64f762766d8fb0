import type { AnnouncementsRepository } from "./announcements.repository";

type Banner = Awaited<ReturnType<AnnouncementsRepository["latestActive"]>>;

/**
 * The banner (the newest active announcement) as the public config shows it, read at most once
 * per `ttlMs` per process: every page load asks for the config. A post or withdrawal here shows
 * at once; one made by another gateway within `ttlMs`.
 */
export function createAnnouncementBanner({
  announcements,
  ttlMs = 1000,
  now = Date.now,
}: {
  announcements: Pick<AnnouncementsRepository, "latestActive">;
  ttlMs?: number;
  now?: () => number;
}) {
  let cached: { value: Banner; readAt: number } | undefined;
  let generation = 0;
  return {
    async current(): Promise<Banner> {
      if (cached && now() - cached.readAt < ttlMs) return cached.value;
      const startedAt = now();
      const startedIn = generation;
      const value = await announcements.latestActive();
      if (startedIn === generation) cached = { value, readAt: startedAt };
      return value;
    },
    /** After a post or withdrawal here: the next read goes to the database. */
    invalidate() {
      generation++;
      cached = undefined;
    },
  };
}
export type AnnouncementBanner = ReturnType<typeof createAnnouncementBanner>;
