import type { Database, User } from "@tandem/db";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AuditWriter } from "../../lib/audit";
import { safeEqual } from "../../lib/safe-equal";
import {
  adminGrantColumns,
  createAdminInvitationsRepository,
} from "../admin/organizers/invitations.repository";

/** Inserts the account in the transaction given; undefined when its address is taken. */
export type CreateAccount = (
  tx: AuditWriter,
  columns: ReturnType<typeof adminGrantColumns>,
) => Promise<User | undefined>;

/** What a right organizer code gives a sign-up: an admin account, recorded with it. */
export interface OrganizerGrant {
  /**
   * Creates the account as an admin, in one transaction with since when and how, the
   * invitation naming it and the audit entries (ADR 0011: never a change without its entry).
   * When the address is taken nothing is written, and an invitation can be used again.
   */
  createAccount(create: CreateAccount): Promise<User | undefined>;
}

/**
 * The sign-up form's organizer code (checked on the server: docs/product.md#organizer-sign-up):
 * the shared `ORGANIZER_CODE`, unless the operator turned it off, or a personal single-use
 * invitation (docs/adr/0017-organizer-invitations.md).
 */
export function createOrganizerAccess({
  db,
  organizerCode,
}: {
  db: Database;
  /** Undefined when not configured or turned off (`ORGANIZER_CODE_ENABLED=false`). */
  organizerCode: string | undefined;
}) {
  const invitations = createAdminInvitationsRepository({ db });
  const sharedCodeMatches = (given: string) =>
    Boolean(organizerCode) && safeEqual(given, organizerCode ?? "");

  /** One transaction: the account, then its record; a taken address gives the claim back. */
  const createAs =
    (via: Parameters<typeof invitations.complete>[2], release?: () => Promise<void>) =>
    async (create: CreateAccount): Promise<User | undefined> => {
      const user = await db.transaction(async (tx) => {
        const made = await create(
          tx,
          adminGrantColumns(via.via, via.via === "invitation" ? via.id : null),
        );
        if (made) await invitations.complete(tx, made, via);
        return made;
      });
      if (!user) await release?.();
      return user;
    };

  async function claim(given: string): Promise<OrganizerGrant | undefined> {
    if (sharedCodeMatches(given)) return { createAccount: createAs({ via: "organizer_code" }) };
    const invitation = given ? await invitations.claim(given) : undefined;
    if (!invitation) return undefined;
    return {
      createAccount: createAs({ via: "invitation", ...invitation }, () =>
        invitations.release(invitation.id),
      ),
    };
  }

  return {
    sharedCodeEnabled: organizerCode !== undefined,

    /** The on-blur check: whether the code would be accepted, without using an invitation. */
    async valid(given: string): Promise<boolean> {
      if (sharedCodeMatches(given)) return true;
      return given ? invitations.usable(given) : false;
    },

    /**
     * Checks the code under the shared failure budget (a wrong one counts against the address)
     * and, when right, takes it for this sign-up. Undefined: the code is wrong (or the
     * invitation used, revoked or expired, which the answer does not tell apart).
     */
    async claimFor(
      app: FastifyInstance,
      request: FastifyRequest,
      given: string,
    ): Promise<OrganizerGrant | undefined> {
      let grant: OrganizerGrant | undefined;
      await app.guardSecret(request, undefined, async () => {
        grant = await claim(given);
        return grant !== undefined;
      });
      return grant;
    },
  };
}
export type OrganizerAccess = ReturnType<typeof createOrganizerAccess>;
