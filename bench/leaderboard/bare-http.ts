/**
 * The baseline of `bench:leaderboard`: a bare Node `http` server answering every request with the
 * bytes of one file (BODY_FILE), as JSON, nothing else. Started as its own process, like the
 * gateway it is compared with. PORT and HOST as the gateway's.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const body = readFileSync(process.env.BODY_FILE ?? "");
const headers = {
  "content-type": "application/json; charset=utf-8",
  "content-length": String(body.length),
};
createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
}).listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1", () => {
  console.log("ready");
});
