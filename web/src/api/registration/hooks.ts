import { organizerCodeResponseSchema, type SignupRequest } from "@tandem/contracts";
import useSWRMutation from "swr/mutation";
import { type Session, sessionFrom } from "../auth/requests";
import { api } from "../client";

/** `POST /api/save-user-signup`; resolves null when a 2xx answer carries no usable session. */
export function useSignup() {
  return useSWRMutation(
    "/save-user-signup",
    async (path: string, { arg }: { arg: SignupRequest }): Promise<Session | null> =>
      sessionFrom(await api.post<unknown>(path, arg)),
  );
}

/** `POST /api/organizer-code/verify`: whether the server accepts this organizer code. */
export function useOrganizerCodeCheck() {
  return useSWRMutation(
    "/organizer-code/verify",
    async (path: string, { arg: adminPassword }: { arg: string }): Promise<boolean> => {
      const parsed = organizerCodeResponseSchema.safeParse(
        await api.post<unknown>(path, { adminPassword }),
      );
      return parsed.success && parsed.data.valid;
    },
  );
}
