import { z } from "zod";
import { emailSchema, newPasswordSchema } from "./auth";
import { MESSAGES } from "./messages";
import { PERSON_NAME_MAX_LENGTH, PERSON_NAME_MIN_LENGTH } from "./rules";
import { teamNameSchema, teamStatusSchema } from "./teams";

/** `/api/auth/verify`: the team whose API key (`X-API-Key`) the SDK holds. */
export const sdkVerifyResponseSchema = z.object({
  valid: z.boolean(),
  team_id: z.string(),
  team_name: z.string(),
  status: teamStatusSchema,
});

/** `POST /api/auth/register`: signs in (or creates) the account and creates its team at once. */
export const sdkRegisterRequestSchema = z.object({
  team_name: teamNameSchema,
  email: emailSchema,
  username: z.string().trim().min(PERSON_NAME_MIN_LENGTH).max(PERSON_NAME_MAX_LENGTH),
  password: newPasswordSchema(MESSAGES.passwordMin),
});

export const sdkRegisterResponseSchema = z.object({
  api_key: z.string(),
  team_name: z.string(),
  team_id: z.string(),
});
