import { createContext, useContext } from "react";
import type { Session } from "../api/auth/requests";
import type { User } from "./user";

export type AuthStatus = "loading" | "authenticated" | "unauthenticated";

export interface AuthContextValue {
  status: AuthStatus;
  /** Set only when `status` is "authenticated". */
  user: User | null;
  /** Resolves true when signed in; false for missing fields or credentials the server refused. */
  login: (email: string, password: string, rememberMe: boolean) => Promise<boolean>;
  /**
   * Signs in with a session another call already returned (sign-up, GitHub code exchange, demo
   * login). The delayed refresh that follows every sign-in verifies the token with the server.
   */
  adoptSession: (session: Session, rememberMe: boolean) => void;
  /** Ends this session; `everywhere` ends every session of the account, on every device. */
  logout: (options?: { everywhere?: boolean }) => Promise<void>;
  /** Re-checks the stored token (a result younger than 5 minutes is reused). */
  refresh: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
