import { Code, VisuallyHidden } from "@mantine/core";
import type { CheckState, LocalCheck } from "./localChecks";
import classes from "./Submit.module.css";

const MARKS: Record<CheckState, { mark: string; said: string }> = {
  pass: { mark: "✓", said: "Passed:" },
  fail: { mark: "✗", said: "Failed:" },
  unknown: { mark: "–", said: "Not checked:" },
};

/** The checks made in the browser before upload, each passed, failed or not checkable. */
export function LocalChecklist({ checks }: { checks: readonly LocalCheck[] }) {
  return (
    <ul className={classes.checks} aria-label="Checks before upload">
      {checks.map((check) => (
        <li key={check.id} className={classes.check} data-state={check.state}>
          <span aria-hidden className={classes.mark}>
            {MARKS[check.state].mark}
          </span>
          <div className={classes.wrap}>
            <VisuallyHidden>{MARKS[check.state].said} </VisuallyHidden>
            {check.label}
            {check.header && (
              <dl className={classes.compare}>
                <dt>Expected</dt>
                <dd>
                  <Code>{check.header.expected}</Code>
                </dd>
                <dt>Found</dt>
                <dd>{check.header.found ? <Code>{check.header.found}</Code> : "(nothing)"}</dd>
              </dl>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
