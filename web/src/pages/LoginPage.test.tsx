import { GITHUB_EMAIL_TAKEN_MESSAGE, MESSAGES } from "@tandem/contracts";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ada } from "../../test-utils/fixtures";
import { jsonResponse, render, screen, userEvent } from "../../test-utils/render";
import LoginPage from "./LoginPage";

type Answer = (path: string, init?: RequestInit) => Response | Promise<Response>;

/** Answers every API call; the public config says GitHub is set up unless told otherwise. */
function stubFetch(answer: Answer) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === "/api/config/public") return jsonResponse({ github_enabled: true });
    return answer(path, init);
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function loginCalls(fetch: ReturnType<typeof stubFetch>) {
  return fetch.mock.calls.filter(([input]) => String(input) === "/api/login-verification");
}

function renderLogin(route = "/login") {
  return render(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/login/success" element={<LoginPage />} />
      <Route path="/dashboard" element={<h1>Dashboard</h1>} />
    </Routes>,
    { route },
  );
}

async function signIn(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(await screen.findByLabelText(/^Email/), email);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole("button", { name: "Login" }));
}

describe("LoginPage", () => {
  it("refuses an empty form with the spec's credentials message, without calling the server", async () => {
    const fetch = stubFetch(() => jsonResponse({}, 500));
    renderLogin();

    await signIn("", "");

    expect(await screen.findByRole("alert")).toHaveTextContent(
      `Error: ${MESSAGES.loginFailedResult}`,
    );
    expect(loginCalls(fetch)).toHaveLength(0);
  });

  it("shows the server's reason when it refuses the credentials", async () => {
    const fetch = stubFetch(() => jsonResponse({ error: MESSAGES.loginInvalid }, 401));
    renderLogin();

    await signIn("ada@example.com", "wrong-password");

    expect(await screen.findByRole("alert")).toHaveTextContent(`Error: ${MESSAGES.loginInvalid}`);
    expect(JSON.parse(String(loginCalls(fetch)[0]?.[1]?.body))).toEqual({
      email: "ada@example.com",
      password: "wrong-password",
      rememberMe: false,
    });
  });

  it("says the server cannot be reached when the request never gets an answer", async () => {
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    renderLogin();

    await signIn("ada@example.com", "secret-1");

    expect(await screen.findByRole("alert")).toHaveTextContent(`Error: ${MESSAGES.networkError}`);
  });

  it("shows the generic failure after a failed GitHub sign-in", async () => {
    stubFetch(() => jsonResponse({}, 500));
    renderLogin("/login?error=github");

    expect(await screen.findByRole("alert")).toHaveTextContent(
      `Error: ${MESSAGES.loginFailedGeneric}`,
    );
  });

  it("says why when GitHub's address is another form of an existing account's", async () => {
    stubFetch(() => jsonResponse({}, 500));
    renderLogin("/login?error=github_email_taken");

    expect(await screen.findByRole("alert")).toHaveTextContent(
      `Error: ${GITHUB_EMAIL_TAKEN_MESSAGE}`,
    );
  });

  it("says why when GitHub's account is one the organizers disabled", async () => {
    stubFetch(() => jsonResponse({}, 500));
    renderLogin("/login?error=account_disabled");

    expect(await screen.findByRole("alert")).toHaveTextContent(
      `Error: ${MESSAGES.accountDisabled}`,
    );
  });

  it("does not sign in with a GitHub return link started in another browser, and says why", async () => {
    // Issue 31, finding 8: the server refuses the code of someone else's sign-in.
    const fetch = stubFetch((path) =>
      path === "/api/auth/exchange"
        ? jsonResponse(
            { error: MESSAGES.githubOtherBrowser, code: "auth.github_other_browser" },
            401,
          )
        : jsonResponse({}, 404),
    );
    renderLogin("/login/success?token=attackers-code&team_status=none&target=tandem");

    expect(await screen.findByRole("alert")).toHaveTextContent(
      `Error: ${MESSAGES.githubOtherBrowser}`,
    );
    const exchanges = fetch.mock.calls.filter(([input]) => String(input) === "/api/auth/exchange");
    expect(exchanges).toHaveLength(1);
    expect(window.sessionStorage.getItem("auth_token")).toBeNull();
    expect(window.localStorage.getItem("auth_token")).toBeNull();
  });

  it("disables GitHub sign-in and says why when the server has no GitHub app", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse({ github_enabled: false })),
    );
    renderLogin();

    // The sentence is always on the page (hidden with GitHub), so the prerendered page has it.
    await vi.waitFor(() => expect(screen.getByText(MESSAGES.githubNotConfigured)).toBeVisible());
    const github = screen.getByRole("button", { name: "Continue with GitHub" });
    expect(github).toBeDisabled();
    expect(github).toHaveAccessibleDescription(MESSAGES.githubNotConfigured);
  });

  it("keeps GitHub sign-in usable, the reason hidden, when the server has a GitHub app", async () => {
    const fetch = vi.fn(async () => jsonResponse({ github_enabled: true }));
    vi.stubGlobal("fetch", fetch);
    renderLogin();

    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    const github = await screen.findByRole("button", { name: "Continue with GitHub" });
    expect(github).toBeEnabled();
    expect(github).not.toHaveAttribute("aria-describedby");
    expect(screen.getByText(MESSAGES.githubNotConfigured)).not.toBeVisible();
  });

  it("opens the dashboard once the server accepts the credentials", async () => {
    stubFetch((path) => {
      if (path === "/api/login-verification") return jsonResponse({ token: "token-ada" });
      if (path === "/api/verify-token") return jsonResponse({ valid: true, user: ada });
      return jsonResponse({}, 404);
    });
    renderLogin();

    await signIn("ada@example.com", "secret-1");

    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(window.sessionStorage.getItem("auth_token")).toBe("token-ada");
  });

  it("keeps the form while a stored session is checked, then goes on once it is valid", async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch((path) => {
      if (path === "/api/verify-token") return new Promise((resolve) => (answer = resolve));
      return jsonResponse({}, 404);
    });
    window.localStorage.setItem("auth_token", "token-stored");
    renderLogin();

    // What a visitor types meanwhile stays (docs/adr/0026: the prerendered form may have it).
    const email = await screen.findByLabelText(/^Email/);
    await userEvent.setup().type(email, "ada@example.com");
    expect(email).toHaveValue("ada@example.com");

    answer(jsonResponse({ valid: true, user: ada }));
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
  });
});
