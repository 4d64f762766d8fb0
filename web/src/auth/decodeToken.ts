/** The session token's claims as the debug page shows them (docs/product.md#debug-page). */
export interface TokenClaims {
  userId: unknown;
  status: unknown;
  admin_access: unknown;
  exp: unknown;
}

/**
 * Reads a JWT's payload without checking its signature (display only; the server decides
 * whether a token is good). Null when the token is not a readable JWT.
 */
export function decodeToken(token: string): TokenClaims | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "="));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof claims !== "object" || claims === null || Array.isArray(claims)) return null;
    const { userId, status, admin_access, exp } = claims as Record<string, unknown>;
    return { userId, status, admin_access, exp };
  } catch {
    return null;
  }
}

/** "expired" once `exp` (seconds since the epoch) has passed; a token without one never expires. */
export function tokenState(claims: TokenClaims, now = Date.now()): "valid" | "expired" {
  return typeof claims.exp === "number" && claims.exp * 1000 <= now ? "expired" : "valid";
}
