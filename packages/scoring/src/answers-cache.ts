import type { Challenge } from "@tandem/competition";
import { type Answers, parseAnswers } from "./answers";

export interface StoredAnswers {
  stamp: number;
  csv: string;
  eligibleItems?: string[];
  /** The stored split (one byte per answers row, 1 public); absent for answers stored before it. */
  publicRows?: Uint8Array;
  /** The secret seed to derive the split from when none is stored, if the source has it. */
  splitSeed?: string;
}

export interface AnswersSource {
  /** A version that changes whenever the stored answers change. */
  stamp(challengeKey: string): Promise<number | undefined>;
  /** The answers CSV, its split and its stamp. */
  load(challengeKey: string): Promise<StoredAnswers | undefined>;
}

/**
 * Parsed answers per challenge, kept while the source's stamp is unchanged, so a
 * regeneration is noticed at the cost of one cheap look-up per call.
 */
export function createAnswersCache(source: AnswersSource) {
  const cache = new Map<string, { stamp: number; answers: Answers }>();
  return async function getAnswers(challenge: Challenge): Promise<Answers | undefined> {
    const stamp = await source.stamp(challenge.key);
    if (stamp === undefined) return undefined;
    const cached = cache.get(challenge.key);
    if (cached?.stamp === stamp) return cached.answers;
    const loaded = await source.load(challenge.key);
    if (!loaded) return undefined;
    const answers = { ...parseAnswers(loaded.csv, challenge, loaded), version: loaded.stamp };
    cache.set(challenge.key, { stamp: loaded.stamp, answers });
    return answers;
  };
}
export type AnswersLookup = ReturnType<typeof createAnswersCache>;
