import pino, { type Logger } from "pino";
import { REDACTED_PATHS } from "./app";
import { LOG_CENSOR, logSerializers } from "./lib/log-serializers";

export function createLogger(level: string, name: string): Logger {
  return pino({
    level,
    name,
    serializers: logSerializers,
    redact: { paths: REDACTED_PATHS, censor: LOG_CENSOR },
  });
}
