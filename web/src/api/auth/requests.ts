import { isUser, type User } from "../../auth/user";
import { ApiError, api } from "../client";

export interface LoginBody {
  email: string;
  password: string;
  rememberMe: boolean;
}

export interface LoginResponse {
  token?: string;
  user?: unknown;
}

/** A signed-in session as the sign-up, code-exchange and demo-login calls return it. */
export interface Session {
  token: string;
  user: User;
}

export type TokenCheck = { valid: true; user: User } | { valid: false; error: string };

interface VerifyTokenResponse {
  valid?: boolean;
  user?: unknown;
  error?: string;
}

/** The `{ token, user }` in a response body, or null when either is missing or malformed. */
export function sessionFrom(body: unknown): Session | null {
  if (typeof body !== "object" || body === null) return null;
  const { token, user } = body as LoginResponse;
  return typeof token === "string" && token.length > 0 && isUser(user) ? { token, user } : null;
}

export function loginRequest(body: LoginBody): Promise<LoginResponse> {
  return api.post<LoginResponse>("/login-verification", body);
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
 * failure; network and server errors throw, because they say nothing about the token.
 */
export async function verifyTokenRequest(token: string): Promise<TokenCheck> {
  try {
    const response = await api.get<VerifyTokenResponse>("/verify-token", { token });
    if (response?.valid === true && isUser(response.user)) {
      return { valid: true, user: response.user };
    }
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
