import type { DomainStreams } from "../../random";
import type { DomainFiles } from "../../types";
import { makeClaims } from "./claims";
import { insuranceFiles } from "./files";
import { makePolicies, nextYearLosses, policyFileSplit } from "./policies";

export function generateInsurance(streams: DomainStreams, scale: number): DomainFiles {
  return insuranceFiles(drawInsurance(streams, scale));
}

/**
 * Insurance: a book of motor policies and the claims filed against them from 2021 to 2024.
 * Challenge 1 (claim complexity) and 3 (fraud) share the claims files; challenge 2 (pricing) uses
 * the policy subset files. The generating process is in datasets/docs/insurance.md. The order of
 * the steps is the order of the draws, which fixes the bytes a seed makes.
 */
export function drawInsurance(streams: DomainStreams, scale: number) {
  const policyCount = Math.max(1000, Math.round(40_000 * scale));
  const policies = makePolicies(streams.random, policyCount);
  const nextYearLoss = nextYearLosses(streams.noise, policies);
  const claims = makeClaims(streams, policies);
  const policyFiles = policyFileSplit(streams.random, policyCount);
  return { policies, nextYearLoss, claims, policyFiles };
}
export type InsuranceDraws = ReturnType<typeof drawInsurance>;
