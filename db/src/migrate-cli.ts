import { createDatabase } from "./client";
import { runMigrations } from "./migrate";
import { toolSettingsOf } from "./settings";

const handle = await createDatabase(toolSettingsOf(process.env));
try {
  await runMigrations(handle);
  console.log(`Migrations applied (${handle.kind}).`);
} finally {
  await handle.close();
}
