import { afterEach, describe, expect, it } from "vitest";
import { ada } from "../../test-utils/fixtures";
import { ASK_TIMEOUT_MS, answerSessionRequests, askOpenTabsForSession } from "./sessionShare";
import { clearAuthData, mayAskOpenTabs, saveToken, saveUser, tabSessionStore } from "./storage";

// One window plays both tabs: BroadcastChannel delivers to every other channel of the origin,
// and the answering side reads the storage the asking side shares with it here.
let stop: () => void = () => {};
afterEach(() => stop());

describe("handing a session not remembered to a new tab", () => {
  it("answers an asking tab with the session kept in sessionStorage", async () => {
    saveToken("tab-token", false);
    saveUser(ada);
    stop = answerSessionRequests(tabSessionStore);

    expect(mayAskOpenTabs()).toBe(true);
    expect(await askOpenTabsForSession(tabSessionStore)).toEqual({ token: "tab-token", user: ada });
  });

  it("never hands over a remembered session (every tab reads it from localStorage already)", async () => {
    saveToken("remembered-token", true);
    saveUser(ada);
    stop = answerSessionRequests(tabSessionStore);
    // Asked anyway (a hint left by an earlier session), the open tab does not answer.
    window.localStorage.setItem("tab_session", "1");

    const started = Date.now();
    expect(await askOpenTabsForSession(tabSessionStore)).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(ASK_TIMEOUT_MS - 20);
    // Nobody answered: the next tab does not wait.
    expect(mayAskOpenTabs()).toBe(false);
  });

  it("asks nothing once signed out, and gets nothing when no tab is open", async () => {
    saveToken("tab-token", false);
    saveUser(ada);
    clearAuthData();
    stop = answerSessionRequests(tabSessionStore);
    expect(mayAskOpenTabs()).toBe(false);
    const started = Date.now();
    expect(await askOpenTabsForSession(tabSessionStore)).toBeNull();
    expect(Date.now() - started).toBeLessThan(ASK_TIMEOUT_MS);

    // A sign-in not remembered, then every tab closed: the hint is left, nobody answers, and
    // the hint goes.
    saveToken("tab-token", false);
    window.sessionStorage.clear();
    expect(await askOpenTabsForSession(tabSessionStore)).toBeNull();
    expect(mayAskOpenTabs()).toBe(false);
  });

  it("says again that it holds a session when shown, after a tab that heard nothing cleared it", async () => {
    saveToken("tab-token", false);
    saveUser(ada);
    window.localStorage.removeItem("tab_session");
    stop = answerSessionRequests(tabSessionStore);
    expect(mayAskOpenTabs()).toBe(true);
    window.localStorage.removeItem("tab_session");
    document.dispatchEvent(new Event("visibilitychange"));
    expect(mayAskOpenTabs()).toBe(true);
  });
});
