import { parseArgs } from "node:util";
import { createDatabase, logLevelOf, runMigrations, toolSettingsOf } from "@tandem/db";
import { createLogger } from "@tandem/jobs";
import { grantAdmin } from "../bootstrap-admin";

/**
 * `npm run admin:grant -- --email someone@uni.edu`: the operator's explicit, logged grant of
 * admin access to an existing account (for example one that signs in with GitHub only).
 * Uses DATABASE_URL, or the embedded database under DATA_DIR (stop the embedded server first).
 */
const { values } = parseArgs({ options: { email: { type: "string" } } });
const logger = createLogger(logLevelOf(process.env), "admin-grant");
if (!values.email) {
  console.error("Usage: npm run admin:grant -- --email <address of an existing account>");
  process.exit(1);
}
const database = await createDatabase(toolSettingsOf(process.env));
try {
  await runMigrations(database);
  const result = await grantAdmin(database.db, values.email);
  if (!result.granted) {
    logger.error({ email: result.email }, "no account has this e-mail; nothing granted");
    process.exitCode = 1;
  } else {
    logger.warn({ email: result.email }, "admin access granted by operator command");
  }
} finally {
  await database.close();
}
