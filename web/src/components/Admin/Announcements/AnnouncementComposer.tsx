import { Button, Checkbox, SimpleGrid, Textarea } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ANNOUNCEMENT_MAX_CHARS } from "@tandem/contracts";
import { useState } from "react";
import { usePostAnnouncement } from "../../../api/admin/announcements/hooks";

import { SectionCard } from "../../SectionCard";
import { adminFailure, fieldErrorsOf } from "../adminErrors";
import { MarkdownPreview } from "../MarkdownPreview";
import { RequestFailure } from "../RequestFailure";
import { useTextField } from "../useTextField";

/** Writes an announcement in Markdown beside its preview, as participants will see it. */
export function AnnouncementComposer() {
  const body = useTextField();
  const [email, setEmail] = useState(false);
  const [requestError, setRequestError] = useState<string | null>(null);
  const { trigger: post, isMutating } = usePostAnnouncement();

  const submit = async () => {
    if (!body.value.trim()) {
      body.setError("Write the announcement first.");
      return;
    }
    setRequestError(null);
    try {
      await post({ body: body.value, email });
      body.setValue("");
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
      if (field) body.setError(field);
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
          {...body.input}
        />
        <MarkdownPreview label="Preview" markdown={body.value} />
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
