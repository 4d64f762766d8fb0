/**
 * Where embedded mode listens (issue 31, finding 13). `npm start` is a laptop's or a single
 * machine's way in: loopback unless HOST says otherwise, so a fresh install (its printed admin,
 * its demo data) is not on every network the machine is on. The services-mode gateway keeps
 * its own default (all interfaces), which containers need.
 */
const LOOPBACK = "127.0.0.1";

/** HOST when set (not empty), else loopback. */
export function embeddedHost(env: Record<string, string | undefined>): string {
  return env.HOST?.trim() || LOOPBACK;
}

/** The start line: where it listens, and how to change that. */
export function listeningMessage(host: string, port: number): string {
  const loopbackOnly = host === LOOPBACK || host === "localhost" || host === "::1";
  const where = loopbackOnly
    ? "this machine only; set HOST=0.0.0.0 to accept other machines"
    : "reachable from other machines; unset HOST to keep it on this machine";
  const browse = loopbackOnly ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `Tandem is running on http://${browse}:${port} (listening on ${host}:${port}, ${where})`;
}
