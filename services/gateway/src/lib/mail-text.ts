/**
 * What a mail may say of its recipient. Sign-up takes any address, so an account's name and its
 * team's name are text whoever registered the address chose: to an address nobody has proved
 * they reach its real owner (issue 31, finding 11). Only a verified address is greeted by name
 * and told its team's name.
 */
export interface MailRecipient {
  email: string;
  username: string;
  /** Whether the owner of the address proved it (`users.email_verified_at` is set). */
  verified: boolean;
}

export const greeting = (recipient: MailRecipient): string =>
  recipient.verified ? `Hello ${recipient.username},` : "Hello,";

/** `your team "name"`, or `your team` to an unverified address. */
export const yourTeam = (recipient: MailRecipient, teamName: string): string =>
  recipient.verified ? `your team "${teamName}"` : "your team";
