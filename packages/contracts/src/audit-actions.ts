/**
 * Every action the console records in the audit log (`area.verb`), with a label for the audit
 * page's picker. The gateway's `recordAudit` takes only these, so the picker cannot miss one.
 */
export const AUDIT_ACTIONS = {
  "admin_invitation.create": "Organizer invited",
  "admin_invitation.revoke": "Organizer invitation revoked",
  "admin_invitation.use": "Organizer invitation used",
  "announcement.create": "Announcement published",
  "announcement.withdraw": "Announcement withdrawn",
  "challenge.rescore": "Challenge rescored",
  "competition.reveal": "Final standings revealed",
  "competition.update": "Competition definition changed",
  "export.download": "Export downloaded",
  "leaderboard.preview_private": "Private standings previewed",
  "settings.update": "Settings changed",
  "submission.invalidate": "Submission invalidated",
  "submission.rescore": "Submission rescored",
  "submission.retry_failed": "Failed submissions retried",
  "team.activate": "Team activated",
  "team.daily_limit": "Team daily limit changed",
  "team.deactivate": "Team deactivated",
  "team.decline_activation": "Activation request declined",
  "team.disqualify": "Team disqualified",
  "team.reinstate": "Team reinstated",
  "team.remove_member": "Member removed from a team",
  "team.rotate_key": "Team API key rotated",
  "user.admin_access": "Organizer access changed",
  "user.admin_grant": "Organizer access granted by the operator",
  "user.admin_signup": "Organizer signed up",
  "user.disable": "Account disabled",
  "user.enable": "Account enabled",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}
