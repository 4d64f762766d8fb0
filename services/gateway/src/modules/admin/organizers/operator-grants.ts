import type { AdminGrantVia } from "@tandem/contracts";
import { type Database, type User, users } from "@tandem/db";
import { eq } from "drizzle-orm";
import { recordAudit } from "../../../lib/audit";
import { adminGrantColumns } from "./invitations.repository";

/** The actor of grants no account makes: the operator's configuration or command line. */
export const OPERATOR = { id: null, email: "operator" } as const;

type OperatorVia = Extract<AdminGrantVia, "bootstrap" | "cli">;

/**
 * Makes an existing account an admin on the operator's word (ADMIN_EMAIL, `admin:grant`),
 * recording since when and how, with its audit entry. An account that is already an admin keeps
 * the origin it has.
 */
export async function grantAdminAsOperator(
  db: Database,
  user: User,
  via: OperatorVia,
): Promise<void> {
  if (user.adminAccess) return;
  await db.transaction(async (tx) => {
    await tx.update(users).set(adminGrantColumns(via)).where(eq(users.id, user.id));
    await recordAudit(tx, OPERATOR, {
      action: "user.admin_grant",
      targetType: "user",
      targetId: user.id,
      before: { email: user.email, admin_access: false },
      after: { email: user.email, admin_access: true, via },
    });
  });
}

/** The audit entry of an admin account the operator's configuration created. */
export function recordOperatorAdmin(db: Database, user: User, via: OperatorVia): Promise<void> {
  return recordAudit(db, OPERATOR, {
    action: "user.admin_grant",
    targetType: "user",
    targetId: user.id,
    after: { email: user.email, admin_access: true, via, created: true },
  });
}
