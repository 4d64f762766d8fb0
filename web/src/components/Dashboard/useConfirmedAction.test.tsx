import { Button } from "@mantine/core";
import { describe, expect, it, vi } from "vitest";
import { render, screen, userEvent, waitFor, within } from "../../../test-utils/render";
import { ApiError } from "../../api/client";
import { ConfirmModal } from "./ConfirmModal";
import { useConfirmedAction } from "./useConfirmedAction";

type Answer = { success: boolean; message?: string };

function ArchiveButton({ request }: { request: () => Promise<Answer> }) {
  const archive = useConfirmedAction({
    request,
    loading: false,
    failed: "Could not archive.",
    failedToSend: "Could not archive. Try again.",
    done: { title: "Archived", message: "The thing is archived." },
  });
  return (
    <>
      <Button onClick={archive.open}>Archive</Button>
      <ConfirmModal {...archive.modal} title="Archive it?" confirmLabel="Yes, archive">
        <p>It goes away.</p>
      </ConfirmModal>
    </>
  );
}

async function confirmArchive(request: () => Promise<Answer>) {
  const user = userEvent.setup();
  render(<ArchiveButton request={request} />);
  await user.click(screen.getByRole("button", { name: "Archive" }));
  await user.click(screen.getByRole("button", { name: "Yes, archive" }));
  return user;
}

describe("useConfirmedAction", () => {
  it("closes the dialog and notifies with the server's message after a success", async () => {
    await confirmArchive(async () => ({ success: true, message: "Archived for good." }));

    expect(await screen.findByText("Archived for good.")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Archive it?" })).not.toBeInTheDocument(),
    );
  });

  it("falls back to its own message when the server sends none", async () => {
    await confirmArchive(async () => ({ success: true }));

    expect(await screen.findByText("The thing is archived.")).toBeInTheDocument();
  });

  it("keeps the dialog open with the error when the server declines", async () => {
    await confirmArchive(async () => ({ success: false }));

    const dialog = screen.getByRole("dialog", { name: "Archive it?" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Could not archive.");
  });

  it("shows the server's reason under the error when the request fails, and forgets it on reopening", async () => {
    const request = vi.fn(async (): Promise<Answer> => {
      throw new ApiError(409, "Already archived", null);
    });
    const user = await confirmArchive(request);

    const alert = await within(screen.getByRole("dialog")).findByRole("alert");
    expect(alert).toHaveTextContent("Could not archive. Try again.");
    expect(alert).toHaveTextContent("Already archived");

    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.click(screen.getByRole("button", { name: "Archive" }));
    expect(within(screen.getByRole("dialog")).queryByRole("alert")).not.toBeInTheDocument();
  });
});
