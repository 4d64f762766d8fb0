import { Badge, Skeleton, Stack, Tabs } from "@mantine/core";
import { type AdminCompetition, canonicalJson, validateDefinition } from "@tandem/competition";
import { useCallback, useDeferredValue, useMemo, useState } from "react";
import { useAdminCompetition } from "../../../api/admin/competition/hooks";
import { useCompetition } from "../../../competition/CompetitionContext";
import { Loaded } from "../../Loaded";
import { PageTitle } from "../PageTitle";
import { ChallengesSection } from "./ChallengesSection";
import { CompetitionStatus } from "./CompetitionStatus";
import { DatesSection } from "./DatesSection";
import { type Draft, type EditDraft, keepUnchanged } from "./draft";
import { IssuesContext, issuesByPath } from "./issues";
import { ReviewAndSave } from "./ReviewAndSave";
import { TextsSection } from "./TextsSection";
import { VersionHistory } from "./VersionHistory";

interface Session {
  /** The version the draft started from, and its definition. */
  version: number;
  definition: Draft;
  draft: Draft;
  /** A version this console saved: adopt it when the read brings it. */
  saved: number | null;
}

const sessionOf = (data: AdminCompetition): Session => ({
  version: data.version,
  definition: data.definition,
  draft: data.definition,
  saved: null,
});

function Editor({ data, reload }: { data: AdminCompetition; reload: () => Promise<unknown> }) {
  const [session, setSession] = useState(() => sessionOf(data));
  // Edits keep every unchanged part's identity (keepUnchanged): an undone edit is the base again.
  const dirty = session.draft !== session.definition;

  // A newer version read while nothing is edited (or the one just saved here) is taken at once;
  // with edits in progress the organizer is told and decides (ReviewAndSave).
  if (data.version !== session.version) {
    const adopt =
      !dirty ||
      data.version === session.saved ||
      canonicalJson(data.definition) === canonicalJson(session.draft);
    if (adopt) setSession(sessionOf(data));
  }

  const edit: EditDraft = useCallback((recipe) => {
    setSession((s) => {
      const changed = structuredClone(s.draft);
      recipe(changed);
      const draft = keepUnchanged(s.definition, keepUnchanged(s.draft, changed));
      return draft === s.draft ? s : { ...s, draft };
    });
  }, []);

  // Checked as the server checks it (and the file): the same function, every problem with its path.
  const checked = useDeferredValue(session.draft);
  const issues = useMemo(() => {
    const check = validateDefinition(checked);
    return check.ok ? [] : check.issues;
  }, [checked]);
  const byPath = useMemo(() => issuesByPath(issues), [issues]);

  const { competition } = useCompetition();
  const used = useMemo(() => new Set(data.challenges_with_submissions), [data]);
  const sectionProps = { draft: session.draft, edit };

  return (
    <IssuesContext.Provider value={byPath}>
      <Stack gap="lg">
        <CompetitionStatus data={data} />
        <Tabs defaultValue="dates" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="dates">Dates</Tabs.Tab>
            <Tabs.Tab value="texts">Texts</Tabs.Tab>
            <Tabs.Tab value="challenges">Challenges and limits</Tabs.Tab>
            <Tabs.Tab
              value="history"
              rightSection={
                <Badge size="xs" variant="light" color="gray">
                  v{data.version}
                </Badge>
              }
            >
              History
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="dates" pt="md">
            <DatesSection
              {...sectionProps}
              overrides={data.overrides}
              inForce={competition.window}
            />
          </Tabs.Panel>
          <Tabs.Panel value="texts" pt="md">
            <TextsSection {...sectionProps} />
          </Tabs.Panel>
          <Tabs.Panel value="challenges" pt="md">
            <ChallengesSection {...sectionProps} used={used} />
          </Tabs.Panel>
          <Tabs.Panel value="history" pt="md">
            <VersionHistory />
          </Tabs.Panel>
        </Tabs>
        <ReviewAndSave
          baseVersion={session.version}
          latestVersion={data.version}
          draft={session.draft}
          issues={issues}
          dirty={dirty}
          onSaved={(version) => setSession((s) => ({ ...s, saved: version }))}
          onReload={async () => {
            const fresh = (await reload()) as AdminCompetition | undefined;
            setSession(sessionOf(fresh ?? data));
          }}
        />
      </Stack>
    </IssuesContext.Provider>
  );
}

/**
 * /admin/competition: the competition definition, edited as organizers think of it (dates in
 * its time zone, texts with their preview, challenges' policies), checked as the file is, and
 * saved after the server's review as a new version in force at once.
 */
export function CompetitionEditor() {
  const read = useAdminCompetition();
  return (
    <Stack gap="lg">
      <PageTitle title="Competition">
        The edition's dates, texts and challenges. Each save is a new version, in force on every
        page at once.
      </PageTitle>
      <Loaded
        read={read}
        failed="The competition could not be loaded"
        skeleton={<Skeleton height={420} radius="md" aria-hidden />}
      >
        {(data) => <Editor data={data} reload={() => read.mutate()} />}
      </Loaded>
    </Stack>
  );
}
