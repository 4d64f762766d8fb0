import { Alert, Code, Skeleton, Text } from "@mantine/core";
import { useFilePreview } from "../../api/competition/hooks";
import { PREVIEW_ROWS } from "../../api/competition/preview";
import { ScrollRegion } from "../Info/ScrollRegion";
import { DataTable } from "./DataTable";
import classes from "./Domain.module.css";

interface FilePreviewProps {
  url: string;
  name: string;
}

/** The first rows of a real dataset file, read from `/static/{slug}/`. */
export function FilePreview({ url, name }: FilePreviewProps) {
  const { data, error, isLoading } = useFilePreview(url);

  // Data the page arrived with (docs/adr/0027) is shown while SWR checks it again.
  if (isLoading && data === undefined) {
    return <Skeleton height={160} radius="md" aria-label={`Loading ${name}`} />;
  }
  if (error || !data) {
    return (
      <Alert color="red" variant="light" title="Preview unavailable">
        {name} could not be read. You can still download it below.
      </Alert>
    );
  }
  if (data.kind === "table") {
    return (
      <>
        <DataTable header={data.header} rows={data.rows} label={`First rows of ${name}`} />
        <Text size="xs" c="dimmed" mt={6}>
          First {Math.min(PREVIEW_ROWS, data.rows.length)} rows of {name}.
        </Text>
      </>
    );
  }
  const text = data.kind === "records" ? JSON.stringify(data.records, null, 2) : data.text;
  return (
    <>
      <ScrollRegion label={`Start of ${name}`} className={classes.codeScroll}>
        <Code block style={{ overflow: "visible" }}>
          {text}
        </Code>
      </ScrollRegion>
      <Text size="xs" c="dimmed" mt={6}>
        {data.kind === "records" ? `First records of ${name}.` : `Start of ${name}.`}
      </Text>
    </>
  );
}
