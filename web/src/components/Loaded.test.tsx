import { describe, expect, it, vi } from "vitest";
import { render, screen, userEvent } from "../../test-utils/render";
import { Loaded } from "./Loaded";

interface Settings {
  name: string;
}

function renderRead(read: {
  data?: Settings;
  error?: unknown;
  isLoading?: boolean;
  mutate?: () => unknown;
}) {
  return render(
    <Loaded
      read={{ data: undefined, error: undefined, isLoading: false, mutate: vi.fn(), ...read }}
      failed="The settings could not be loaded"
      skeleton={<p>Loading the settings</p>}
    >
      {(settings) => <p>Settings of {settings.name}</p>}
    </Loaded>,
    { auth: {} },
  );
}

describe("Loaded", () => {
  it("shows the skeleton on the first load, and nothing else", () => {
    renderRead({ isLoading: true });
    expect(screen.getByText("Loading the settings")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows the load error with a retry while nothing is loaded", async () => {
    const user = userEvent.setup();
    const mutate = vi.fn();
    renderRead({ error: new Error("The server is down"), mutate });

    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("The settings could not be loaded");
    expect(alert).toHaveTextContent("The server is down");
    expect(screen.queryByText("Loading the settings")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(mutate).toHaveBeenCalledOnce();
  });

  it("keeps the content when a later read fails", () => {
    renderRead({ data: { name: "edition 3" }, error: new Error("The server is down") });
    expect(screen.getByText("Settings of edition 3")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
