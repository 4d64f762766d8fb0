import type { Database, User } from "@tandem/db";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { safeEqual } from "../../lib/safe-equal";
import {
  adminGrantColumns,
  createAdminInvitationsRepository,
} from "../admin/invitations.repository";

/** What a right organizer code gives a sign-up: the account's admin columns, then the record. */
export interface OrganizerGrant {
  columns: ReturnType<typeof adminGrantColumns>;
  /** The account was not made (its address is taken): an invitation can be used again. */
  release(): Promise<void>;
  /** The account was made: the invitation names it, and the audit log records both. */
  complete(user: User): Promise<void>;
}

/**
 * The sign-up form's organizer code (SPEC.md: checked on the server): the shared
 * `ORGANIZER_CODE`, unless the operator turned it off, or a personal single-use invitation
 * (docs/adr/0017-organizer-invitations.md).
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

  async function claim(given: string): Promise<OrganizerGrant | undefined> {
    if (sharedCodeMatches(given)) {
      return {
        columns: adminGrantColumns("organizer_code"),
        release: async () => {},
        complete: (user) => invitations.complete(user, { via: "organizer_code" }),
      };
    }
    const invitation = given ? await invitations.claim(given) : undefined;
    if (!invitation) return undefined;
    return {
      columns: adminGrantColumns("invitation", invitation.id),
      release: () => invitations.release(invitation.id),
      complete: (user) => invitations.complete(user, { via: "invitation", ...invitation }),
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
