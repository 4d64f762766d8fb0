/**
 * A fresh Idempotency-Key. `crypto.randomUUID` exists only on secure pages (https, localhost);
 * `getRandomValues` everywhere, so a plain-http deployment still gets a random key.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
