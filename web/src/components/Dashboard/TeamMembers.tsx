import { Avatar, Badge, Button, Text } from "@mantine/core";
import type { TeamView } from "@tandem/contracts";
import { useState } from "react";
import { useRemoveMember } from "../../api/teams/hooks";
import { ConfirmModal } from "./ConfirmModal";
import classes from "./Dashboard.module.css";
import { capitalize, formatDate, initialsOf } from "./format";
import { UserMinusIcon } from "./icons";
import { useConfirmedAction } from "./useConfirmedAction";

type Member = TeamView["members"][number];

const ROLE_COLORS: Record<Member["role"], string> = {
  creator: "indigo",
  owner: "grape",
  member: "gray",
};

const REMOVE_FAILED = "Failed to remove the member. Please try again later.";

interface TeamMembersProps {
  members: Member[];
  currentUserId: string | undefined;
  /** The viewer is the team's creator or owner, who may remove plain members. */
  canRemove: boolean;
}

/**
 * docs/product.md#dashboard: each member's username, e-mail, role and joined date; a creator
 * or owner can remove plain members (docs/adr/0006-team-membership.md).
 */
export function TeamMembers({ members, currentUserId, canRemove }: TeamMembersProps) {
  const { trigger: removeMember, isMutating } = useRemoveMember();
  // Kept after closing, so the dialog's title does not change while it fades out.
  const [target, setTarget] = useState<Member | null>(null);
  const removal = useConfirmedAction({
    request: target && (() => removeMember(target.user_id)),
    loading: isMutating,
    failed: REMOVE_FAILED,
    done: { title: "Member removed", message: `${target?.username} was removed from the team.` },
  });

  return (
    <>
      <ul className={classes.memberList} aria-label="Team members">
        {members.map((member) => (
          <li key={member.user_id} className={classes.member}>
            <div className={classes.memberWho}>
              <Avatar color="indigo" radius="xl" size={38} aria-hidden>
                {initialsOf(member.username)}
              </Avatar>
              <div className={classes.wrapAnywhere}>
                <Text fw={600} size="sm" className={classes.wrapAnywhere}>
                  {member.username}
                  {member.user_id === currentUserId && (
                    <Text span c="dimmed" size="sm" fw={400}>
                      {" "}
                      (you)
                    </Text>
                  )}
                </Text>
                <Text size="sm" c="dimmed" className={classes.wrapAnywhere}>
                  {member.email}
                </Text>
              </div>
            </div>
            <div className={classes.memberMeta}>
              <Badge variant="light" color={ROLE_COLORS[member.role]}>
                {capitalize(member.role)}
              </Badge>
              <Text size="xs" c="dimmed">
                Joined <time dateTime={member.joined_at}>{formatDate(member.joined_at)}</time>
              </Text>
              {canRemove && member.role === "member" && member.user_id !== currentUserId && (
                <Button
                  className={classes.memberRemove}
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  leftSection={<UserMinusIcon size={14} />}
                  aria-label={`Remove ${member.username} (${member.email})`}
                  onClick={() => {
                    setTarget(member);
                    removal.open();
                  }}
                >
                  Remove
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>

      <ConfirmModal
        {...removal.modal}
        title={`Remove ${target?.username ?? "this member"} from the team?`}
        confirmLabel="Remove"
        confirmColor="red"
      >
        <Text size="sm">
          They lose access to the team at once. The team also gets a new API key and a new invite
          code, since they knew both: share the new key with teammates who use the SDK.
        </Text>
      </ConfirmModal>
    </>
  );
}
