import { createHmac, timingSafeEqual } from "node:crypto";
import { greeting, type MailRecipient } from "../../../lib/mail-text";
import type { Mail } from "../../../lib/mailer";

/** The product as the other mails name it. */
const PRODUCT = "Tandem";

/**
 * A plain-text reading of the announcement's Markdown for the e-mail: markup dropped, link
 * targets kept in brackets. The mail has no HTML part, so nothing in the source is ever
 * rendered as HTML.
 */
export function markdownToText(markdown: string): string {
  const lines: string[] = [];
  let fenced = false;
  for (const raw of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    if (/^\s*(```|~~~)/.test(raw)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) {
      lines.push(raw);
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(raw)) {
      lines.push("----");
      continue;
    }
    const line = raw
      .replace(/^\s{0,3}#{1,6}\s+/, "")
      .replace(/^\s{0,3}>\s?/, "")
      .replace(/^(\s*)[*+]\s+/, "$1- ")
      .replace(/!\[([^\]]*)\]\(([^)\s]*)[^)]*\)/g, "$1")
      .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, (_m, text: string, url: string) =>
        text === url ? url : `${text} (${url})`,
      )
      .replace(/`([^`]+)`/g, "$1")
      .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, "$2")
      .replace(/(^|[^\w*])[*_](?=\S)(.+?)(?<=\S)[*_](?!\w)/g, "$1$2")
      .replace(/~~(.+?)~~/g, "$1")
      .replace(/\\([\\`*_{}[\]()#+\-.!>~|])/g, "$1");
    lines.push(line);
  }
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * The unsubscribe link's token: the user id and an HMAC-SHA256 of it under the gateway's secret
 * (with a purpose prefix, so it is never valid for anything else). No expiry: a link in an old
 * mail keeps working.
 */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${mac(secret, userId)}`;
}

/** The user id a token names, or undefined for anything not made by `unsubscribeToken`. */
export function verifyUnsubscribeToken(secret: string, token: string): string | undefined {
  const match =
    /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/.exec(
      token,
    );
  if (!match) return undefined;
  const [, userId, given] = match as unknown as [string, string, string];
  const expected = Buffer.from(mac(secret, userId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected)
    ? userId
    : undefined;
}

function mac(secret: string, userId: string): string {
  return createHmac("sha256", secret)
    .update(`announcements-unsubscribe:${userId}`)
    .digest("base64url");
}

export function announcementMail(input: {
  recipient: MailRecipient;
  body: string;
  unsubscribeUrl: string;
  publicUrl: string;
}): Mail {
  return {
    to: input.recipient.email,
    subject: `[${PRODUCT}] Announcement from the organizers`,
    text: [
      greeting(input.recipient),
      "",
      markdownToText(input.body),
      "",
      "--",
      `You receive this because announcements by e-mail are on for your ${PRODUCT} account (${input.publicUrl}).`,
      `To stop them, open: ${input.unsubscribeUrl}`,
    ].join("\n"),
  };
}
