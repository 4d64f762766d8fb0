import { NativeSelect, Table } from "@mantine/core";
import { useState } from "react";
import type { CompetitionDomain } from "../../api/competition/requests";
import { ColumnHeads } from "../ColumnHeads";
import { RichText } from "../Info/RichText";
import classes from "./Domain.module.css";
import { DomainSection } from "./DomainSection";
import { FilePreview } from "./FilePreview";
import { domainFiles } from "./files";

/** Pick any of the domain's files and see its first rows, read from the real file. */
export function DataPreview({ domain }: { domain: CompetitionDomain }) {
  const files = domainFiles(domain);
  const [selected, setSelected] = useState(files[0]?.name ?? "");
  const file = files.find((candidate) => candidate.name === selected) ?? files[0];
  if (!file) return null;
  const columns = Object.entries(file.columns ?? {});

  return (
    <DomainSection titleId="data-preview-title" title="Data Preview">
      <NativeSelect
        label="File"
        data={files.map((candidate) => candidate.name)}
        value={file.name}
        onChange={(event) => setSelected(event.currentTarget.value)}
        className={classes.fileSelect}
      />
      {file.description && (
        <p className={classes.muted}>
          <RichText text={file.description} />
        </p>
      )}
      <FilePreview url={file.url} name={file.name} />
      {columns.length > 0 && (
        <details className={classes.dictionary}>
          <summary>Data dictionary: {file.name}</summary>
          <Table fz="sm" mt="xs" className={classes.table}>
            <ColumnHeads columns={["Column", "Meaning"]} />
            <Table.Tbody>
              {columns.map(([name, meaning]) => (
                <Table.Tr key={name}>
                  <Table.Td>
                    <code>{name}</code>
                  </Table.Td>
                  <Table.Td>
                    <RichText text={meaning} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </details>
      )}
    </DomainSection>
  );
}
