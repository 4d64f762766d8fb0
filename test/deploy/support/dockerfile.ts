import {
  type Cmd,
  type Copy,
  DockerfileParser,
  type Env,
  type From,
  type Healthcheck,
  type Instruction,
} from "dockerfile-ast";
import { read } from "./code";

/** A Dockerfile as dockerfile-ast reads it, its instructions grouped by build stage. */
export interface Dockerfile {
  path: string;
  stages: Stage[];
}

export interface Stage {
  /** The base image with build arguments expanded, or the name of an earlier stage. */
  from: string;
  name?: string;
  instructions: Instruction[];
}

export function parseDockerfile(path: string): Dockerfile {
  const stages: Stage[] = [];
  for (const instruction of DockerfileParser.parse(read(path)).getInstructions()) {
    if (instruction.getKeyword() === "FROM") {
      const from = instruction as From;
      const name = from.getBuildStage();
      stages.push({
        from: from.getExpandedArguments()[0]!.getValue(),
        ...(name ? { name } : {}),
        instructions: [],
      });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return { path, stages };
}

export const argumentsOf = (instruction: Instruction) =>
  instruction.getArguments().map((argument) => argument.getValue());

/** A COPY's sources (its last argument is the destination). */
export const copySources = (copy: Instruction) => argumentsOf(copy).slice(0, -1);

export const isCopyFrom = (instruction: Instruction, stage: string) =>
  instruction.getKeyword() === "COPY" && (instruction as Copy).getFromFlag()?.getValue() === stage;

/** What the image runs: the last stage's environment, user, ports, command and health check. */
export function runtimeImage(file: Dockerfile) {
  const stage = file.stages.at(-1)!;
  const all = <T extends Instruction>(keyword: string) =>
    stage.instructions.filter((i) => i.getKeyword() === keyword) as T[];
  const env = Object.fromEntries(
    all<Env>("ENV")
      .flatMap((instruction) => instruction.getProperties())
      .map((property) => [property.getName(), property.getValue() ?? ""]),
  );
  const exec = (cmd: Cmd | undefined) => cmd?.getJSONStrings().map((s) => s.getJSONValue());
  const healthcheck = all<Healthcheck>("HEALTHCHECK")[0];
  return {
    stage,
    env,
    user: all("USER").at(-1)?.getArgumentsContent() ?? undefined,
    expose: all("EXPOSE").flatMap(argumentsOf).map(Number),
    cmd: exec(all<Cmd>("CMD").at(-1)) ?? null,
    // HEALTHCHECK CMD [...]: the subcommand's exec form, the way Docker parses CMD's.
    healthcheck:
      healthcheck?.getSubcommand()?.getValue() === "CMD"
        ? (JSON.parse(healthcheck.getArgumentsContent()!.replace(/^CMD/, "")) as string[])
        : undefined,
  };
}

export const dockerfiles = {
  gateway: parseDockerfile("services/gateway/Dockerfile"),
  worker: parseDockerfile("workers/scoring/Dockerfile"),
};

export const runtime = {
  gateway: runtimeImage(dockerfiles.gateway),
  worker: runtimeImage(dockerfiles.worker),
};

export const hubImage = runtimeImage(parseDockerfile("deploy/jupyterhub/Dockerfile"));
