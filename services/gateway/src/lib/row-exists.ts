import type { Database } from "@tandem/db";
import { exists, notExists, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

type Reader = Pick<Database, "select">;

/** `select 1 from table where ...`: a correlated subquery that only asks whether a row matches. */
const probe = (db: Reader, table: PgTable, where: SQL | undefined) =>
  db.select({ one: sql`1` }).from(table).where(where);

/** Some row of `table` matches `where` (a condition on the outer query's columns too). */
export const someRow = (db: Reader, table: PgTable, where: SQL | undefined) =>
  exists(probe(db, table, where));

/** No row of `table` matches `where`: "not sent yet", "not delivered yet". */
export const noRow = (db: Reader, table: PgTable, where: SQL | undefined) =>
  notExists(probe(db, table, where));
