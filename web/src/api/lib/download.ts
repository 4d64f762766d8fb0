import { apiDownload } from "../client";

/** `attachment; filename="retail-banking-challenge-1-1a2b3c4d.csv"`'s file name, if it has one. */
export function attachmentName(disposition: string | null): string | null {
  const match = disposition?.match(/filename="([^"]+)"|filename=([^;\s]+)/i);
  const name = match?.[1] ?? match?.[2];
  // Only a plain base name: the browser decides the folder, never the server's text.
  return name && /^[\w.-]+$/.test(name) ? name : null;
}

/**
 * Saves the file at `/api{path}`, fetched with the session like every other call (no token in
 * a link); answers the name it was saved under.
 */
export async function saveDownload(path: string, fallbackName: string): Promise<string> {
  const response = await apiDownload(path);
  const name = attachmentName(response.headers.get("Content-Disposition")) ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Some browsers read the blob after the click returns; FileSaver.js waits 40 s as well.
    setTimeout(() => URL.revokeObjectURL(url), 40_000);
  }
  return name;
}
