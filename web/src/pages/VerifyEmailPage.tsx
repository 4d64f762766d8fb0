import { Alert, Button, Center, Loader, Stack } from "@mantine/core";
import { EMAIL_VERIFICATION_MESSAGES as SAY } from "@tandem/contracts";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../api/client";
import { confirmVerification } from "../api/email-verification/requests";
import { useAuth } from "../auth/AuthContext";
import { getToken } from "../auth/storage";
import { forgetTokenVerification } from "../auth/tokenVerification";
import { AuthCard } from "../components/AuthCard";
import { failureReason } from "../components/Dashboard/teamErrors";

type Outcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * /verify-email?token=: the link mailed from the dashboard (issue 31). Opened in any browser,
 * signed in or not; it is spent once, so it is confirmed once per page.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { status, refresh } = useAuth();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    if (!token) {
      setOutcome({ ok: false, message: SAY.linkInvalid });
      return;
    }
    confirmVerification(token)
      .then((answer) => setOutcome({ ok: true, message: answer.message }))
      .catch((failure: unknown) =>
        setOutcome({
          ok: false,
          message:
            failure instanceof ApiError && failure.code === "auth.token_invalid"
              ? SAY.linkInvalid
              : failureReason(failure),
        }),
      );
  }, [token]);

  // The signed-in user's session shows the new state (the dashboard's banner goes): the cached
  // check of the session token still holds the unverified user.
  useEffect(() => {
    if (!outcome?.ok || status !== "authenticated") return;
    const session = getToken();
    if (session) forgetTokenVerification(session);
    void refresh();
  }, [outcome, status, refresh]);

  return (
    <AuthCard title="Verify your e-mail address">
      {!outcome ? (
        <Center py="md">
          <Loader aria-label="Checking your verification link" />
        </Center>
      ) : (
        <Stack gap="md">
          <Alert
            color={outcome.ok ? "green" : "red"}
            variant="light"
            role={outcome.ok ? "status" : "alert"}
          >
            {outcome.message}
          </Alert>
          <Button component={Link} to={status === "authenticated" ? "/dashboard" : "/login"}>
            {status === "authenticated" ? "Go to Dashboard" : "Log In"}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
