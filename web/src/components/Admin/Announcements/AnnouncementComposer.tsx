import { Button, Checkbox, SimpleGrid, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ANNOUNCEMENT_MAX_CHARS } from "@tandem/contracts";
import { useState } from "react";
import { usePostAnnouncement } from "../../../api/admin/announcements/hooks";

import { SectionCard } from "../../SectionCard";
import { adminFailure, fieldErrorsOf } from "../adminErrors";
import { MarkdownPreview } from "../MarkdownPreview";
import { RequestFailure } from "../RequestFailure";

/** Writes an announcement in Markdown beside its preview, as participants will see it. */
export function AnnouncementComposer() {
  const [body, setBody] = useState("");
  const [email, setEmail] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [requestError, setRequestError] = useState<string | null>(null);
  const { trigger: post, isMutating } = usePostAnnouncement();

  const submit = async () => {
    if (!body.trim()) {
      setError("Write the announcement first.");
      return;
    }
    setRequestError(null);
    try {
      await post({ body, email });
      setBody("");
      setEmail(false);
      notifications.show({
        color: "green",
        title: "Announcement posted",
        message: email
          ? "It is the banner now; the e-mails go out in batches."
          : "It is the banner on every page now.",
      });
    } catch (caught) {
      const field = fieldErrorsOf(caught).body;
      if (field) setError(field);
      else setRequestError(adminFailure(caught));
    }
  };

  return (
    <SectionCard id="compose-heading" title="New announcement" onSubmit={() => void submit()}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Textarea
          label="Announcement (Markdown)"
          description="Replaces the current banner. HTML is not allowed."
          autosize
          minRows={6}
          maxLength={ANNOUNCEMENT_MAX_CHARS}
          value={body}
          error={error}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            setError(null);
          }}
        />
        <MarkdownPreview label="Preview" markdown={body} />
      </SimpleGrid>
      <Checkbox
        label="Also e-mail every participant"
        description="Active accounts that have not switched announcement e-mails off."
        checked={email}
        onChange={(event) => setEmail(event.currentTarget.checked)}
      />
      <RequestFailure title="The announcement was not posted" error={requestError} />
      <Button type="submit" loading={isMutating} style={{ alignSelf: "flex-start" }}>
        Post announcement
      </Button>
    </SectionCard>
  );
}
