import { Typography } from "@mantine/core";
import ReactMarkdown from "react-markdown";

/**
 * Organizers' Markdown (announcements) as React elements. Raw HTML in the source is dropped
 * (`skipHtml`), never parsed, and react-markdown's URL filter removes `javascript:` links, so
 * nothing in the text can run script in a participant's browser.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <Typography style={{ overflowWrap: "anywhere" }}>
      <ReactMarkdown
        skipHtml
        components={{
          a: ({ node: _node, ...props }) => <a {...props} rel="noopener noreferrer" />,
        }}
      >
        {children}
      </ReactMarkdown>
    </Typography>
  );
}

export default Markdown;
