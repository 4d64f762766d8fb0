import { Badge, Button, Code } from "@mantine/core";
import { scoringPartsOf } from "@tandem/competition";
import type { CompetitionDomain, DomainChallenge } from "../../api/competition/requests";
import { useCompetition } from "../../competition/CompetitionContext";
import { RichText } from "../Info/RichText";
import { SubmitPredictionsButton } from "../Submit/SubmitPredictionsButton";
import { DataTable } from "./DataTable";
import classes from "./Domain.module.css";
import { FilePreview } from "./FilePreview";

const PENDING = "Details for this challenge are being finalised.";

interface ChallengeCardProps {
  domain: CompetitionDomain;
  challenge: DomainChallenge;
  /** Set for a signed-in member of an active team: the card offers a browser upload. */
  submit?: { expectedRows: number | null } | undefined;
}

/** One challenge: Task Description, Evaluation Metric, Dataset Description, Sample Data, Task. */
export function ChallengeCard({ domain, challenge, submit }: ChallengeCardProps) {
  const headingId = `challenge-${challenge.number}`;
  const [header, ...rows] = challenge.sample_data;
  const firstFile = challenge.files[0];
  // The split and final-selection count are competition facts, not part of the API's answer.
  const definition = useCompetition().competition.challengeByKey(challenge.key);

  return (
    <article className={classes.challenge} aria-labelledby={headingId}>
      <header className={classes.challengeHeader}>
        <Badge color="gray" variant="light" radius="sm">
          Challenge {challenge.number}
        </Badge>
        <h3 id={headingId} className={classes.challengeTitle}>
          {challenge.title}
        </h3>
      </header>

      <div className={classes.challengeGrid}>
        <section className={classes.block}>
          <h4 className={classes.blockTitle}>Task Description</h4>
          <p>
            <RichText text={challenge.task_description || PENDING} />
          </p>
        </section>

        <section className={classes.block}>
          <h4 className={classes.blockTitle}>Evaluation Metric</h4>
          <p>
            <strong>{challenge.metric_name}</strong> (
            {challenge.higher_is_better ? "higher" : "lower"} is better)
          </p>
          {challenge.baseline !== null && (
            <p className={classes.muted}>Baseline: {challenge.baseline.toFixed(4)}</p>
          )}
          {definition && <p className={classes.muted}>{scoringPartsOf(definition)}</p>}
        </section>

        <section className={classes.blockWide}>
          <h4 className={classes.blockTitle}>Dataset Description</h4>
          <p>
            <RichText text={challenge.dataset_description || PENDING} />
          </p>
          {challenge.files.length > 0 && (
            <p className={classes.muted}>
              Files:{" "}
              {challenge.files.map((file, i) => (
                <span key={file}>
                  {i > 0 && ", "}
                  <a href={`${domain.files_url}${file}`} download className={classes.fileLink}>
                    {file}
                  </a>
                </span>
              ))}
            </p>
          )}
        </section>

        <section className={classes.blockWide}>
          <h4 className={classes.blockTitle}>Sample Data</h4>
          {header && rows.length > 0 ? (
            <DataTable
              header={header}
              rows={rows}
              label={`Sample data for challenge ${challenge.number}`}
            />
          ) : firstFile ? (
            <FilePreview url={`${domain.files_url}${firstFile}`} name={firstFile} />
          ) : (
            <p>{PENDING}</p>
          )}
        </section>

        <section className={classes.blockWide}>
          <h4 className={classes.blockTitle}>Task</h4>
          <p>
            <RichText text={challenge.task || PENDING} />
          </p>
          <p className={classes.muted}>
            Submission format: <Code>{challenge.submission_format}</Code>
          </p>
          <div className={classes.challengeActions}>
            {submit && (
              <SubmitPredictionsButton
                challengeKey={challenge.key}
                expectedRows={submit.expectedRows}
              />
            )}
            <Button component="a" href={challenge.baseline_notebook_url} download size="sm">
              Baseline notebook (.ipynb)
            </Button>
            <Button
              component="a"
              href={challenge.sample_submission_url}
              download
              size="sm"
              variant="default"
            >
              Sample submission (CSV)
            </Button>
          </div>
        </section>
      </div>
    </article>
  );
}
