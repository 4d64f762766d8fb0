import {
  type LoginRequest,
  type PublicUser,
  type Session,
  sessionResponseSchema,
  verifyTokenResponseSchema,
} from "@tandem/contracts";
import { ApiError, api } from "../client";

export type { Session };

export type TokenCheck = { valid: true; user: PublicUser } | { valid: false; error: string };

/** The `{ token, user }` of a response body, or null when either is missing or malformed. */
export function sessionFrom(body: unknown): Session | null {
  const parsed = sessionResponseSchema.safeParse(body);
  return parsed.success && parsed.data.token.length > 0 ? parsed.data : null;
}

// Only the token of a login answer is used: the user comes from verifying it.
const loginTokenSchema = sessionResponseSchema.pick({ token: true });

/** The session token the server issued, or null when the answer carries none. */
export async function loginRequest(body: LoginRequest): Promise<string | null> {
  const parsed = loginTokenSchema.safeParse(await api.post<unknown>("/login-verification", body));
  return parsed.success && parsed.data.token.length > 0 ? parsed.data.token : null;
}

/** Trades the single-use code from the GitHub return for a session. */
export async function exchangeCodeRequest(code: string): Promise<Session> {
  const session = sessionFrom(await api.post<unknown>("/auth/exchange", { code }));
  if (!session) throw new Error("The sign-in exchange returned no session");
  return session;
}

/** Resolves null when the server answered without a usable session. */
export async function demoLoginRequest(): Promise<Session | null> {
  return sessionFrom(await api.post<unknown>("/auth/demo-login"));
}

/**
 * Asks the server whether `token` is still good. A 401 (or `valid: false`) is an answer, not a
 * failure; network and server errors throw, because they say nothing about the token. An answer
 * without a whole user counts as `valid: false`.
 */
export async function verifyTokenRequest(token: string): Promise<TokenCheck> {
  try {
    const parsed = verifyTokenResponseSchema.safeParse(
      await api.get<unknown>("/verify-token", { token }),
    );
    const response = parsed.success ? parsed.data : undefined;
    if (response?.valid === true && response.user) return { valid: true, user: response.user };
    return { valid: false, error: response?.error ?? "Invalid token" };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      return { valid: false, error: error.serverError ?? "Invalid token" };
    }
    throw error;
  }
}

export async function logoutRequest(token: string | null, everywhere = false): Promise<void> {
  await api.post(everywhere ? "/logout-everywhere" : "/logout", undefined, { token });
}
