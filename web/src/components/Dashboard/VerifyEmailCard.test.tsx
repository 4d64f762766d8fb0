import { EMAIL_VERIFICATION_MESSAGES as SAY } from "@tandem/contracts";
import { describe, expect, it, vi } from "vitest";
import { ada } from "../../../test-utils/fixtures";
import { jsonResponse, render, screen, userEvent } from "../../../test-utils/render";
import { VerifyEmailCard } from "./VerifyEmailCard";

const unverified = { ...ada, email_verified: false };

/** The public config (with the organizers' switch) and the link route. */
function fakeServer({ required = false, linkAnswer = 202 } = {}) {
  const posts: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === "/api/config/public") return jsonResponse({ require_verified_email: required });
    if (path === "/api/auth/email-verification" && init?.method === "POST") {
      posts.push(path);
      return linkAnswer === 202
        ? jsonResponse({ success: true, message: SAY.sent(ada.email) }, 202)
        : jsonResponse({ error: SAY.tooMany(600), code: "rate_limited" }, linkAnswer);
    }
    return jsonResponse({ error: "Not found", code: "request.route_not_found" }, 404);
  });
  vi.stubGlobal("fetch", fetch);
  return { posts };
}

describe("VerifyEmailCard", () => {
  it("says nothing to a user whose address is verified", () => {
    fakeServer();
    render(<VerifyEmailCard />, { auth: { user: ada } });
    expect(screen.queryByText(SAY.banner)).toBeNull();
  });

  it("mails a link on request and says where it went", async () => {
    const { posts } = fakeServer();
    const user = userEvent.setup();
    render(<VerifyEmailCard />, { auth: { user: unverified } });
    expect(screen.getByText(SAY.banner)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send verification link" }));
    expect(await screen.findByRole("status")).toHaveTextContent(SAY.sent(ada.email));
    expect(posts).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Send another link" })).toBeInTheDocument();
  });

  it("tells the user the organizers require it, and shows a refusal in the server's words", async () => {
    fakeServer({ required: true, linkAnswer: 429 });
    const user = userEvent.setup();
    render(<VerifyEmailCard />, { auth: { user: unverified } });
    expect(await screen.findByText(SAY.required)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Send verification link" }));
    expect(await screen.findByText(SAY.tooMany(600))).toBeInTheDocument();
  });
});
