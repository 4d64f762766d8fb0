import { EMAIL_VERIFICATION_MESSAGES as SAY } from "@tandem/contracts";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ada } from "../../test-utils/fixtures";
import { jsonResponse, render, screen } from "../../test-utils/render";
import VerifyEmailPage from "./VerifyEmailPage";

function page(route: string) {
  return render(
    <Routes>
      <Route path="/verify-email" element={<VerifyEmailPage />} />
    </Routes>,
    { route, auth: { user: ada } },
  );
}

describe("VerifyEmailPage", () => {
  it("confirms the link's token once and says the address is verified", async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      expect(JSON.parse(String(init?.body))).toEqual({ token: "tok-1" });
      return jsonResponse({ success: true, message: SAY.confirmed, email: ada.email });
    });
    vi.stubGlobal("fetch", fetch);
    page("/verify-email?token=tok-1");
    expect(await screen.findByRole("status")).toHaveTextContent(SAY.confirmed);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
  });

  it("says a spent or expired link is no good, and how to get another", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        jsonResponse({ error: "Invalid or expired", code: "auth.token_invalid" }, 400),
      ),
    );
    page("/verify-email?token=old");
    expect(await screen.findByRole("alert")).toHaveTextContent(SAY.linkInvalid);
  });
});
