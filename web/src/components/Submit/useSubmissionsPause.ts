import { usePublicConfig } from "../../api/config/hooks";

export interface SubmissionsPause {
  paused: boolean;
  /** The organizers' message (the default sentence when they gave none); null when not paused. */
  message: string | null;
  /** Reads the setting again (a dialog opening, a refusal that says "paused"). */
  recheck: () => void;
}

/**
 * Whether the organizers have paused submissions (`GET /api/config/public`), for every submit
 * button, the readiness line and the submit dialog. Unknown (still loading) counts as not paused:
 * the server still refuses a paused upload, and the dialog reads the setting again when it opens.
 */
export function useSubmissionsPause(): SubmissionsPause {
  const { data, mutate } = usePublicConfig();
  const paused = data?.submissions_paused === true;
  return {
    paused,
    message: paused ? (data?.pause_message ?? null) : null,
    recheck: () => void mutate(),
  };
}
