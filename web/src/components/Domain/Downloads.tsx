import { Table } from "@mantine/core";
import { baselineNotebookFile, sampleSubmissionFile } from "@tandem/competition";
import type { CompetitionDomain } from "../../api/competition/requests";
import { ColumnHeads } from "../ColumnHeads";
import { RichText } from "../Info/RichText";
import { ScrollRegion } from "../Info/ScrollRegion";
import classes from "./Domain.module.css";
import { DomainSection } from "./DomainSection";
import { domainFiles } from "./files";

/** Every file of the domain, then each challenge's baseline notebook and sample submission. */
export function Downloads({ domain }: { domain: CompetitionDomain }) {
  const files = domainFiles(domain);
  const extras = domain.challenges.flatMap((challenge) => [
    {
      name: baselineNotebookFile(challenge),
      description: `Baseline notebook for challenge ${challenge.number}: ${challenge.title}`,
      url: challenge.baseline_notebook_url,
    },
    {
      name: sampleSubmissionFile(challenge),
      description: `Sample submission for challenge ${challenge.number} (${challenge.submission_format})`,
      url: challenge.sample_submission_url,
    },
  ]);

  return (
    <DomainSection titleId="downloads-title" title="Downloads">
      <p className={classes.muted}>
        CSV and JSON data files, baseline notebooks and sample submissions, served from{" "}
        <code>{domain.files_url}</code>.
      </p>
      <ScrollRegion label="Downloads">
        <Table fz="sm" className={classes.table} verticalSpacing="xs">
          <ColumnHeads columns={["File", "Description"]} />
          <Table.Tbody>
            {[...files, ...extras].map((file) => (
              <Table.Tr key={file.name}>
                <Table.Td>
                  <a href={file.url} download className={classes.fileLink}>
                    {file.name}
                  </a>
                </Table.Td>
                <Table.Td>
                  <RichText text={file.description} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </DomainSection>
  );
}
