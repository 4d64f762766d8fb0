import { createDatabase } from "./client";
import { type DatabaseRole, ensureRoles, setRoleLogin } from "./roles";
import { roleLoginsOf, toolSettingsOf } from "./settings";

/**
 * `npm run db:roles`, as the owner after `db:migrate`: applies the role matrix (idempotent) and
 * lets each role log in when its password is given. Passwords are never printed.
 */
const { databaseUrl } = toolSettingsOf(process.env);
const passwords: [DatabaseRole, string | undefined][] = roleLoginsOf(process.env);
if (!databaseUrl) {
  console.error(
    "db:roles needs DATABASE_URL (the owner's); embedded mode connects as its one owner and needs none.",
  );
  process.exit(1);
}
const handle = await createDatabase({ databaseUrl, poolSize: 1 });
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
