/** Router state carried to /login, so that signing in returns the visitor where they were going. */
export interface RedirectState {
  from?: string;
}

type Place = { pathname: string; search: string; hash: string };

/** The state that brings a visitor at `place` back there after signing in. */
export function returnTo({ pathname, search, hash }: Place): RedirectState {
  return { from: `${pathname}${search}${hash}` };
}

/** Where to go after signing in: the remembered page when it is one of ours, else the dashboard. */
export function redirectTarget(state: unknown): string {
  const from = (state as RedirectState | null)?.from;
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("/login")
    ? from
    : "/dashboard";
}
