import type { User } from "@tandem/db";
import type { Redis } from "ioredis";

/**
 * What a hot read (the leaderboards) needs of a session, kept in this process for at most `ttlMs`
 * after it was read from Postgres (ADR 0023). `teamId` is filled by the leaderboards on their
 * first need (undefined: not looked up yet; null: no team).
 */
export interface SessionRead {
  user: User;
  teamId?: string | null;
}

interface Entry {
  userId: string;
  /** When the Postgres read started: the entry shows the database as of then or later. */
  readAt: number;
  value: Promise<SessionRead | undefined>;
}

export interface SessionReadsOptions {
  /** How long a session read from Postgres is believed; 0 turns the cache off. The bound. */
  ttlMs: number;
  /** At most this many sessions are kept (the oldest go first). */
  maxEntries?: number;
  now?: () => number;
  /**
   * Shared with every gateway: forgetting publishes on `channel`, and each gateway forgets what
   * the others publish, so revocations made through any gateway reach all of them at once.
   * Without it (embedded mode, one process) the in-process forgetting is all there is.
   */
  redis?: Redis;
  channel?: string;
  onError?: (err: unknown) => void;
}

export interface SessionReads {
  readonly ttlMs: number;
  /**
   * The session `sid` of `userId` as `load` reads it, or as it was read at most `ttlMs` ago.
   * Concurrent misses share one load. A session that does not load (ended, expired, disabled) is
   * not kept: every read of it asks `load` again.
   */
  get(
    sid: string,
    userId: string,
    load: () => Promise<SessionRead | undefined>,
  ): Promise<SessionRead | undefined>;
  /** Drops one session here and in every gateway (sign-out). */
  forgetSession(sid: string): void;
  /** Drops every session of a user here and in every gateway (their own writes, sign-out everywhere). */
  forgetUser(userId: string): void;
  /** Drops everything here and in every gateway (organizers' writes, password resets). */
  forgetAll(): void;
  close(): Promise<void>;
}

const DEFAULT_MAX_ENTRIES = 50_000;

export function createSessionReads(options: SessionReadsOptions): SessionReads {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const channel = options.channel ?? "tandem:session-reads";
  const entries = new Map<string, Entry>();
  // Moves on every forgetting: a load that started before one does not keep its result.
  let generation = 0;

  const dropSession = (sid: string) => {
    generation++;
    entries.delete(sid);
  };
  const dropUser = (userId: string) => {
    generation++;
    for (const [sid, entry] of entries) if (entry.userId === userId) entries.delete(sid);
  };
  const dropAll = () => {
    generation++;
    entries.clear();
  };

  const subscriber = options.redis?.duplicate();
  if (subscriber) {
    subscriber.on("error", (err) => options.onError?.(err));
    subscriber.subscribe(channel).catch((err) => options.onError?.(err));
    subscriber.on("message", (from, message: string) => {
      if (from !== channel) return;
      const [kind, id] = [message.slice(0, 2), message.slice(2)];
      if (kind === "s:") dropSession(id);
      else if (kind === "u:") dropUser(id);
      else dropAll();
    });
  }
  const publish = (message: string) => {
    options.redis?.publish(channel, message).catch((err) => options.onError?.(err));
  };

  return {
    ttlMs: options.ttlMs,
    async get(sid, userId, load) {
      if (options.ttlMs <= 0) return load();
      const at = now();
      const entry = entries.get(sid);
      if (entry && entry.userId === userId && at - entry.readAt < options.ttlMs) return entry.value;
      if (entry) entries.delete(sid);
      const started = generation;
      const value = load();
      const fresh: Entry = { userId, readAt: at, value };
      entries.set(sid, fresh);
      if (entries.size > maxEntries) {
        // Expired ones first; then the oldest (a Map keeps insertion order).
        for (const [key, old] of entries) if (at - old.readAt >= options.ttlMs) entries.delete(key);
        while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      }
      let result: SessionRead | undefined;
      try {
        result = await value;
      } catch (err) {
        if (entries.get(sid) === fresh) entries.delete(sid);
        throw err;
      }
      // Not a live session, or forgotten while it loaded: nothing to keep.
      if ((!result || generation !== started) && entries.get(sid) === fresh) entries.delete(sid);
      return result;
    },
    forgetSession(sid) {
      dropSession(sid);
      publish(`s:${sid}`);
    },
    forgetUser(userId) {
      dropUser(userId);
      publish(`u:${userId}`);
    },
    forgetAll() {
      dropAll();
      publish("a:");
    },
    async close() {
      entries.clear();
      if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
