import type { QueueStatus as Status } from "@tandem/contracts";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, render, screen, within } from "../../../test-utils/render";
import { useQueueStatus } from "../../api/status/hooks";
import { QueueStatus } from "./QueueStatus";

function status(queue: Partial<Status["queue"]> = {}): Status {
  return {
    queue: {
      length: 0,
      oldest_wait_seconds: null,
      scored_last_5_minutes: 12,
      estimated_wait_seconds: 0,
      busy: false,
      ...queue,
    },
    as_of: "2026-03-01T12:00:00.000Z",
  };
}

/** Answers `/api/status` with `body` (or refuses it with a 503); every other path is unknown. */
function stubStatus(body: Status | "unavailable") {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    if (String(input) !== "/api/status") {
      return jsonResponse({ error: "Not found", code: "request.route_not_found" }, 404);
    }
    return body === "unavailable"
      ? jsonResponse({ error: "Unavailable", code: "internal" }, 503)
      : jsonResponse(body);
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** Says when the page has read the status, so a test can tell "hidden" from "not read yet". */
function Loaded() {
  const { data, error } = useQueueStatus();
  if (data) return <p>status read</p>;
  return error ? <p>status refused</p> : null;
}

const BUSY = status({
  length: 120,
  oldest_wait_seconds: 250,
  scored_last_5_minutes: 210,
  estimated_wait_seconds: 172,
  busy: true,
});

describe("QueueStatus for participants", () => {
  it("shows nothing while the queue is not busy", async () => {
    const fetch = stubStatus(status({ length: 3, oldest_wait_seconds: 20, busy: false }));
    render(
      <>
        <QueueStatus />
        <Loaded />
      </>,
    );

    expect(await screen.findByText("status read")).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith("/api/status", expect.anything());
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
    expect(screen.queryByText(/Scoring queue:/)).not.toBeInTheDocument();
  });

  it("shows the figures, formatted, while the queue is busy", async () => {
    stubStatus(BUSY);
    render(<QueueStatus />);

    const panel = await screen.findByRole("region", { name: "The scoring queue is busy" });
    expect(within(panel).getByRole("status")).toHaveTextContent(
      "Scoring queue: 120 waiting, oldest 4 min, ~3 min estimated wait, 210 scored in the last 5 minutes.",
    );
    expect(within(panel).getByRole("heading", { level: 3 })).toHaveTextContent(
      "The scoring queue is busy",
    );
  });

  it("says when there is no estimate yet, and long waits in hours", async () => {
    stubStatus(
      status({
        length: 4,
        oldest_wait_seconds: 7500,
        scored_last_5_minutes: 0,
        estimated_wait_seconds: null,
        busy: true,
      }),
    );
    render(<QueueStatus />);

    expect(await screen.findByRole("status")).toHaveTextContent(
      "Scoring queue: 4 waiting, oldest 2 h 5 min, no wait estimate yet, 0 scored in the last 5 minutes.",
    );
  });

  it("shows nothing when the status cannot be read", async () => {
    stubStatus("unavailable");
    render(
      <>
        <QueueStatus />
        <Loaded />
      </>,
    );

    expect(await screen.findByText("status refused")).toBeInTheDocument();
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
  });
});

describe("QueueStatus in the console", () => {
  it("is always shown, busy or not", async () => {
    stubStatus(status());
    render(<QueueStatus show="always" headingOrder={2} />);

    const panel = await screen.findByRole("region", { name: "Scoring queue status" });
    expect(await within(panel).findByRole("status")).toHaveTextContent(
      "Scoring queue: nothing waiting, 12 scored in the last 5 minutes.",
    );
    expect(within(panel).getByText("Normal")).toBeInTheDocument();
    expect(within(panel).getByRole("heading", { level: 2 })).toBeInTheDocument();
  });

  it("marks a busy queue", async () => {
    stubStatus(BUSY);
    render(<QueueStatus show="always" />);

    const panel = await screen.findByRole("region", { name: "Scoring queue status" });
    expect(await within(panel).findByText("Busy")).toBeInTheDocument();
    expect(within(panel).getByRole("status")).toHaveTextContent("~3 min estimated wait");
  });

  it("says when the status cannot be read", async () => {
    stubStatus("unavailable");
    render(<QueueStatus show="always" />);

    expect(await screen.findByRole("status")).toHaveTextContent(
      "The queue status could not be read",
    );
  });
});
