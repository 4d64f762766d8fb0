import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test-utils/render";
import { ApiError } from "../client";
import { downloadSubmissionFile } from "./requests";

const ID = "0b7f7f0e-5d5e-4c39-9a57-2f1c6f0a9e11";
const CSV = "TxnID,FraudLabel\nT1,0\nT2,1\n";

/** Records the anchors clicked and the blobs turned into object URLs. */
function stubSaving() {
  const saved: { name: string; href: string }[] = [];
  const blobs: Blob[] = [];
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:test/${blobs.length}`;
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, href: this.getAttribute("href") ?? "" });
  });
  return { saved, blobs };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("downloadSubmissionFile", () => {
  it("fetches the file with the session and API key and saves it under the server's name", async () => {
    window.localStorage.setItem("auth_token", "token-1");
    window.localStorage.setItem("api_key", "key-1");
    const fetch = vi.fn(
      async () =>
        new Response(CSV, {
          headers: {
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": 'attachment; filename="retail-banking-challenge-1-0b7f7f0e.csv"',
          },
        }),
    );
    vi.stubGlobal("fetch", fetch);
    const { saved, blobs } = stubSaving();

    const name = await downloadSubmissionFile(ID);

    expect(name).toBe("retail-banking-challenge-1-0b7f7f0e.csv");
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/submissions/${ID}/file`);
    const headers = new Headers(init.headers);
    expect(headers.get("Authorization")).toBe("Bearer token-1");
    expect(headers.get("X-API-Key")).toBe("key-1");
    expect(saved).toEqual([
      { name: "retail-banking-challenge-1-0b7f7f0e.csv", href: "blob:test/1" },
    ]);
    expect(await blobs[0]!.text()).toBe(CSV);
    expect(document.querySelector("a[download]")).toBeNull();
  });

  it("names the file after the submission when the server gives no name", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(CSV)),
    );
    const { saved } = stubSaving();

    await downloadSubmissionFile(ID);

    expect(saved[0]!.name).toBe(`submission-${ID}.csv`);
  });

  it("rejects with the server's error and saves nothing when the submission is not the team's", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        jsonResponse({ error: "Submission not found", code: "submission.not_found" }, 404),
      ),
    );
    const { saved } = stubSaving();

    const failure = await downloadSubmissionFile(ID).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe("submission.not_found");
    expect(saved).toEqual([]);
  });
});
