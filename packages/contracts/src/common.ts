import { z } from "zod";

/** The answer of an action with nothing to return but its success. */
export const successResponseSchema = z.object({ success: z.boolean() });

/** The answer of an action that tells the person what happened. */
export const messageResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
