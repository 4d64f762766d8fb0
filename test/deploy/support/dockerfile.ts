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

/**
 * What the image runs: the environment, user, ports, command and health check of the stage
 * named `target` (`docker build --target`), or of the last stage.
 */
export function runtimeImage(file: Dockerfile, target?: string) {
  const stage = target ? file.stages.find((s) => s.name === target)! : file.stages.at(-1)!;
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

/** The gateway's and the worker's images are targets of the one root Dockerfile. */
export const dockerfiles = {
  images: parseDockerfile("Dockerfile"),
};

export const IMAGE_TARGETS = { gateway: "gateway", worker: "scoring-worker" } as const;

export const runtime = {
  gateway: runtimeImage(dockerfiles.images, IMAGE_TARGETS.gateway),
  worker: runtimeImage(dockerfiles.images, IMAGE_TARGETS.worker),
};

export const hubImage = runtimeImage(parseDockerfile("deploy/jupyterhub/Dockerfile"));
