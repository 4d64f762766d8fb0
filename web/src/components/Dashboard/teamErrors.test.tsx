import { TEAM_MESSAGES } from "@tandem/contracts";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client";
import { createTeamFailure, jupyterErrorMessage } from "./teamErrors";

const answer = (status: number, error: string, code?: string) =>
  new ApiError(status, error, code ? { error, code } : { error });

/** Issue 16: the web branches on the server's error code, never on its words. */
describe("team errors branch on codes", () => {
  it("puts a taken name under the field, whatever the server's wording", () => {
    expect(createTeamFailure(answer(409, "Someone has that one", "team.name_taken"))).toEqual({
      field: "Someone has that one",
    });
    // Words alone no longer decide: a 409 "already taken" without the code is a request alert.
    expect(createTeamFailure(answer(409, "Name already taken"))).toEqual({
      alert: TEAM_MESSAGES.createError("Name already taken"),
    });
    expect(
      createTeamFailure(answer(409, "You are already in a team", "team.already_member")),
    ).toEqual({ alert: TEAM_MESSAGES.createError("You are already in a team") });
  });

  it("maps JupyterHub refusals by code to the messages of docs/product.md#jupyterhub", () => {
    expect(jupyterErrorMessage(answer(403, "no team here", "jupyter.no_team"))).toBe(
      TEAM_MESSAGES.jupyterNoTeam,
    );
    expect(jupyterErrorMessage(answer(403, "not active", "jupyter.account_inactive"))).toBe(
      TEAM_MESSAGES.jupyterInactive,
    );
    // A message that merely mentions a team is shown as the server wrote it.
    expect(
      jupyterErrorMessage(answer(503, "The team's hub is down", "jupyter.not_configured")),
    ).toBe("The team's hub is down");
    expect(jupyterErrorMessage(new Error("offline"))).toBe(TEAM_MESSAGES.jupyterFailed);
  });

  it("ignores codes the contracts do not list", () => {
    expect(answer(400, "x", "made.up").code).toBeNull();
    expect(answer(400, "x", "team.full").code).toBe("team.full");
  });
});
