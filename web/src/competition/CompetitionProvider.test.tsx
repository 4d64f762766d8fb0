import type { CompetitionDefinition, PublicCompetition } from "@tandem/competition";
import { describe, expect, it, vi } from "vitest";
import { defaultDefinition, publicCompetition } from "../../test-utils/competition";
import { ada } from "../../test-utils/fixtures";
import { jsonResponse, render, screen, userEvent } from "../../test-utils/render";
import { useAuth } from "../auth/AuthContext";
import { useCompetition } from "./CompetitionContext";
import { INJECTED_COMPETITION_ID, readInjectedCompetition } from "./injected";

function Probe() {
  const { competition, status, version } = useCompetition();
  return (
    <p>
      {competition.site.hero.heading}, version {version}, {status.state}
    </p>
  );
}

function withHeading(heading: string): CompetitionDefinition {
  const definition = structuredClone(defaultDefinition());
  definition.site.hero.heading = heading;
  return definition;
}

/** `fetch` answering GET /api/competition with `answer()` (read anew on every call). */
function stubCompetitionApi(answer: () => PublicCompetition) {
  const fetch = vi.fn(async (input: RequestInfo | URL) =>
    String(input) === "/api/competition"
      ? jsonResponse(answer())
      : jsonResponse({ error: "Not found", code: "request.route_not_found" }, 404),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("CompetitionProvider", () => {
  it("renders from the competition the page arrived with at once, asking the server nothing", () => {
    const fetch = stubCompetitionApi(() => publicCompetition());
    const arrived = publicCompetition(withHeading("COMPETITION 2030"), { version: 7 });
    render(<Probe />, { competition: arrived, auth: { user: null } });

    // No findBy: the first render already has it.
    expect(
      screen.getByText(`COMPETITION 2030, version 7, ${arrived.status.state}`),
    ).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the page loader until GET /api/competition answers when the page arrived without one", async () => {
    stubCompetitionApi(() => publicCompetition(withHeading("COMPETITION 2031"), { version: 2 }));
    render(<Probe />, { competition: null, auth: { user: null } });

    expect(screen.getByLabelText("Loading page")).toBeInTheDocument();
    expect(await screen.findByText(/^COMPETITION 2031, version 2/)).toBeInTheDocument();
  });

  it("follows a new version the server answers when the tab comes back into focus", async () => {
    let answer = publicCompetition(withHeading("COMPETITION 2025"), { version: 1 });
    const fetch = stubCompetitionApi(() => answer);
    render(<Probe />, { competition: answer, auth: { user: null } });
    expect(screen.getByText(/^COMPETITION 2025, version 1/)).toBeInTheDocument();

    answer = publicCompetition(withHeading("COMPETITION 2026"), { version: 2 });
    // SWR ignores focus for its throttle interval (5 s) after mounting; only the clock moves.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 10_000);
    try {
      window.dispatchEvent(new Event("focus"));
      expect(await screen.findByText(/^COMPETITION 2026, version 2/)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
    expect(fetch).toHaveBeenCalledWith("/api/competition", expect.anything());
  });

  it("keeps the competition on screen when someone signs in and the session's data is cleared", async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      if (path === "/api/competition") {
        return jsonResponse(publicCompetition(withHeading("COMPETITION 2025")));
      }
      if (path === "/api/login-verification") return jsonResponse({ token: "token-ada" });
      if (path === "/api/verify-token") return jsonResponse({ valid: true, user: ada });
      return jsonResponse({ error: "Not found", code: "request.route_not_found" }, 404);
    });
    vi.stubGlobal("fetch", fetch);
    function SignIn() {
      const { login, status } = useAuth();
      return (
        <button type="button" onClick={() => void login("ada@example.com", "secret-1", false)}>
          Sign in ({status})
        </button>
      );
    }
    render(
      <>
        <Probe />
        <SignIn />
      </>,
      { competition: null },
    );
    await screen.findByText(/^COMPETITION 2025, version 0/);

    await userEvent.setup().click(screen.getByRole("button", { name: /^Sign in/ }));
    await screen.findByRole("button", { name: "Sign in (authenticated)" });
    expect(screen.getByText(/^COMPETITION 2025, version 0/)).toBeInTheDocument();
  });

  it("says the competition could not be loaded, with a retry, when the server cannot answer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse({ error: "Not found", code: "request.route_not_found" }, 404)),
    );
    render(<Probe />, { competition: null, auth: { user: null } });

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The competition could not be loaded");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("readInjectedCompetition", () => {
  function page(data: string | null) {
    const doc = document.implementation.createHTMLDocument();
    if (data !== null) {
      const script = doc.createElement("script");
      script.id = INJECTED_COMPETITION_ID;
      script.type = "application/json";
      script.textContent = data;
      doc.body.append(script);
    }
    return doc;
  }

  it("reads the competition the gateway put into the page, < escaped as it writes it", () => {
    const injected = publicCompetition(withHeading("Data <science> & AI"), { version: 3 });
    const text = JSON.stringify(injected).replace(/</g, "\\u003c");
    expect(readInjectedCompetition(page(text))).toEqual(injected);
  });

  it("finds nothing in a page without it, with the empty placeholder, or with something else", () => {
    expect(readInjectedCompetition(page(null))).toBeNull();
    expect(readInjectedCompetition(page(""))).toBeNull();
    expect(readInjectedCompetition(page("{not json"))).toBeNull();
    expect(readInjectedCompetition(page(JSON.stringify({ version: 1 })))).toBeNull();
  });
});
