import { z } from "zod";

/**
 * Organizers' personal, single-use invitations and the list of who holds admin rights
 * (docs/adr/0019-organizer-invitations.md). An invitation's code is shown once, when it is made:
 * only its hash is stored.
 */

export const ADMIN_INVITATION_LABEL_MAX_LENGTH = 200;
export const ADMIN_INVITATION_DAYS_DEFAULT = 7;
export const ADMIN_INVITATION_DAYS_MAX = 90;

const timestamp = z.iso.datetime();

export const createAdminInvitationRequestSchema = z.object({
  label: z
    .string()
    .trim()
    .max(
      ADMIN_INVITATION_LABEL_MAX_LENGTH,
      `For whom: at most ${ADMIN_INVITATION_LABEL_MAX_LENGTH} characters`,
    )
    .default("")
    .describe("Whom it is for (a name or an address), shown in the list; never checked"),
  expires_in_days: z.coerce
    .number({ error: "expires_in_days must be a number of days" })
    .int("expires_in_days must be a whole number of days")
    .min(1, "An invitation lasts at least 1 day")
    .max(ADMIN_INVITATION_DAYS_MAX, `An invitation lasts at most ${ADMIN_INVITATION_DAYS_MAX} days`)
    .default(ADMIN_INVITATION_DAYS_DEFAULT),
});
export type CreateAdminInvitationRequest = z.input<typeof createAdminInvitationRequestSchema>;

export const ADMIN_INVITATION_STATES = ["open", "used", "expired", "revoked"] as const;

export const adminInvitationSchema = z.object({
  id: z.string(),
  label: z.string(),
  state: z.enum(ADMIN_INVITATION_STATES),
  created_by_email: z.string(),
  created_at: timestamp,
  expires_at: timestamp,
  used_by_email: z.string().nullable(),
  used_at: timestamp.nullable(),
  revoked_by_email: z.string().nullable(),
  revoked_at: timestamp.nullable(),
});
export type AdminInvitation = z.infer<typeof adminInvitationSchema>;

export const adminInvitationsResponseSchema = z.object({
  invitations: z.array(adminInvitationSchema),
  /** Whether the shared ORGANIZER_CODE is accepted too (the operator can turn it off). */
  organizer_code_enabled: z.boolean(),
});
export type AdminInvitationsResponse = z.infer<typeof adminInvitationsResponseSchema>;

export const createdAdminInvitationSchema = z.object({
  invitation: adminInvitationSchema,
  code: z.string().describe("The code, shown this once: give it to the person it is for"),
});
export type CreatedAdminInvitation = z.infer<typeof createdAdminInvitationSchema>;

export const adminInvitationParamsSchema = z.object({
  id: z.uuid("Invitation id must be a UUID"),
});

export const revokedAdminInvitationSchema = z.object({
  changed: z.boolean(),
  invitation: adminInvitationSchema,
});

/** How an account came to hold admin rights. */
export const ADMIN_GRANT_VIAS = [
  "organizer_code",
  "invitation",
  "console",
  "bootstrap",
  "cli",
  "unknown",
] as const;
export type AdminGrantVia = (typeof ADMIN_GRANT_VIAS)[number];

export const adminHolderSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  status: z.string(),
  /** Null for admins made before the record was kept (`via: "unknown"`). */
  admin_since: timestamp.nullable(),
  via: z.enum(ADMIN_GRANT_VIAS),
  /** The invitation used (`via: "invitation"`): its id and whom it was for. */
  invitation: z.object({ id: z.string(), label: z.string() }).nullable(),
  /** The organizer who granted it in the console (`via: "console"`). */
  granted_by_email: z.string().nullable(),
});
export type AdminHolder = z.infer<typeof adminHolderSchema>;

export const adminHoldersResponseSchema = z.object({ admins: z.array(adminHolderSchema) });
export type AdminHoldersResponse = z.infer<typeof adminHoldersResponseSchema>;
