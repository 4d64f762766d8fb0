import { createDatabase } from "./client";
import { type DatabaseRole, ensureRoles, setRoleLogin } from "./roles";

/**
 * `npm run db:roles`, as the owner after `db:migrate`: applies the role matrix (idempotent) and
 * lets each role log in when its password is given. Passwords are never printed.
 */
const passwords: [DatabaseRole, string | undefined][] = [
  ["tandem_gateway", process.env.GATEWAY_DB_PASSWORD],
  ["tandem_worker", process.env.WORKER_DB_PASSWORD],
];
if (!process.env.DATABASE_URL) {
  console.error("db:roles needs DATABASE_URL (the owner's); embedded mode connects as its one owner and needs none.");
  process.exit(1);
}
const handle = await createDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 1 });
try {
  await ensureRoles(handle.db);
  const loginRoles: string[] = [];
  for (const [role, password] of passwords) {
    if (!password) continue;
    await setRoleLogin(handle.db, role, password);
    loginRoles.push(role);
  }
  console.log(
    `Database roles applied; login set for: ${loginRoles.length ? loginRoles.join(", ") : "none"}.`,
  );
} finally {
  await handle.close();
}
