import { randomBytes } from "node:crypto";
import { type DatabaseRole, setRoleLogin } from "@tandem/db";
import type { TestDatabase } from "./services";

/**
 * The test database's address as `role` (ADR 0021), which is given a fresh password first. Roles
 * are cluster-wide: with password authentication, files running at once race on the password.
 */
export async function loginAs(database: TestDatabase, role: DatabaseRole): Promise<string> {
  const password = randomBytes(24).toString("hex");
  await setRoleLogin(database.handle.db, role, password);
  const url = new URL(database.url);
  url.username = role;
  url.password = password;
  return url.toString();
}
