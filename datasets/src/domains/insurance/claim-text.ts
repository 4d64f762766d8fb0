import type { Random } from "../../random";
import { type ClaimType, FACTORS, FILLER, OPENINGS, PARTS, RED_FLAGS } from "./catalogue";

interface ClaimFacts {
  type: ClaimType;
  collision: boolean;
  injury: boolean;
  attorney: boolean;
  disputed: boolean;
  totalLoss: boolean;
  commercial: boolean;
  fraud: number;
}

/**
 * The adjuster's Description: the opening and the damaged part first, then the reported facts
 * in random order. Most facts are stated, each in one of a few phrasings; red flags far more
 * often on fraud.
 */
export function describeClaim(random: Random, facts: ClaimFacts): string {
  const head = [`${random.pick(OPENINGS[facts.type])}.`];
  if (facts.collision) head.push(`Damage to the ${random.pick(PARTS)}.`);
  const stated: string[] = [];
  if (facts.injury && random.bernoulli(0.9)) stated.push(random.pick(FACTORS.injury));
  else if (!facts.injury && facts.collision && random.bernoulli(0.4))
    stated.push(random.pick(FACTORS.noInjury));
  if (facts.attorney && random.bernoulli(0.85)) stated.push(random.pick(FACTORS.attorney));
  if (facts.disputed && random.bernoulli(0.85)) stated.push(random.pick(FACTORS.disputed));
  if (facts.totalLoss && random.bernoulli(0.85)) stated.push(random.pick(FACTORS.totalLoss));
  if (facts.commercial && random.bernoulli(0.85)) stated.push(random.pick(FACTORS.commercial));
  for (const flag of RED_FLAGS) {
    if (random.bernoulli(facts.fraud ? 0.3 : 0.025)) stated.push(random.pick(flag));
  }
  if (random.bernoulli(0.6)) stated.push(random.pick(FILLER));
  return [...head, ...random.shuffle(stated)].join(" ");
}
