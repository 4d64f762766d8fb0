import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import {
  announcementsKey,
  useAnnouncements,
  useWithdrawAnnouncement,
} from "../../../api/admin/announcements/hooks";
import { Markdown } from "../../Markdown";
import { ConfirmButton } from "../ConfirmButton";
import { isPaging, ListFrame } from "../DataTable";
import { TitledSection } from "../TitledSection";
import { formatDateTime } from "../time";
import { useCursorPages } from "../useCursorPages";

const PAGE_SIZE = 20;

/** Earlier announcements, newest first; the active one can be withdrawn. */
export function AnnouncementList() {
  const pages = useCursorPages();
  const read = useAnnouncements(announcementsKey(PAGE_SIZE, pages.cursor));
  const { data } = read;
  const { trigger: withdraw } = useWithdrawAnnouncement();

  return (
    <TitledSection id="earlier-heading" title="Announcements">
      <ListFrame
        read={read}
        count={data?.announcements.length ?? 0}
        failed="The announcements could not be loaded"
        empty="No announcements yet."
        skeletonRows={2}
        pager={{
          label: "Announcement pages",
          pages,
          nextCursor: data?.next_cursor,
          newestFirst: true,
        }}
      >
        <Stack
          gap="sm"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: "none" }}
          aria-busy={isPaging(read)}
        >
          {data?.announcements.map((a) => (
            <Card key={a.id} withBorder radius="md" padding="md" component="li">
              <Stack gap="xs">
                <Group justify="space-between" gap="xs">
                  <Text size="xs" c="dimmed">
                    {formatDateTime(a.created_at)}
                    {a.created_by ? ` by ${a.created_by.username}` : ""}
                    {a.email ? ` · e-mailed to ${a.emails_sent}` : ""}
                  </Text>
                  <Badge variant="light" color={a.active ? "green" : "gray"}>
                    {a.active ? "Shown now" : "Not shown"}
                  </Badge>
                </Group>
                <Markdown>{a.body}</Markdown>
                {a.active && (
                  <ConfirmButton
                    label="Withdraw"
                    size="xs"
                    color="red"
                    title="Withdraw this announcement?"
                    confirmLabel="Withdraw"
                    failed="The announcement could not be withdrawn"
                    run={async () => {
                      await withdraw(a.id);
                      return { title: "Announcement withdrawn", message: "The banner is gone." };
                    }}
                  >
                    The banner disappears from every page. E-mails already sent stay sent.
                  </ConfirmButton>
                )}
              </Stack>
            </Card>
          ))}
        </Stack>
      </ListFrame>
    </TitledSection>
  );
}
