import { randomBytes } from "node:crypto";

// RFC 4648 base32, lowercase: no look-alike punctuation, and people read it out at kick-offs.
const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const LENGTH = 24;

/** 24 base32 characters: 120 random bits, far beyond guessing through the join call. */
export function generateInviteCode(): string {
  const bytes = randomBytes(LENGTH);
  // 256 is a multiple of 32, so the low five bits of a random byte are uniform.
  return Array.from(bytes, (byte) => ALPHABET[byte & 31]).join("");
}

/** What a person typed or pasted, as codes are stored (older codes are lowercase hex). */
export function normalizeInviteCode(input: string): string {
  return input.trim().toLowerCase();
}
