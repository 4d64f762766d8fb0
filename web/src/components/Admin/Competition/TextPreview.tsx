import { memo } from "react";
import { MarkdownPreview } from "../MarkdownPreview";

/**
 * Edited copy as the pages will show it, placeholders filled from the edited definition;
 * `markdown` null when the definition cannot be built yet (the issues say why).
 */
export const TextPreview = memo(function TextPreview({
  title,
  markdown,
}: {
  title: string;
  markdown: string | null;
}) {
  return (
    <MarkdownPreview
      label={`Preview: ${title}`}
      markdown={markdown}
      unavailable="No preview until the dates and time zone are valid."
    />
  );
});
