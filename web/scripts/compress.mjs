import { writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `.gz` and `.br` beside a built file, at the strongest settings, once at build time,
 * so the gateway's static handler (`preCompressed`) never compresses per request.
 */
export async function writeCompressed(path, bytes) {
  await Promise.all([
    gzipAsync(bytes, { level: 9 }).then((out) => writeFile(`${path}.gz`, out)),
    brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).then((out) =>
      writeFile(`${path}.br`, out),
    ),
  ]);
}
