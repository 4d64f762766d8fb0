import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/**
 * Ends, as the app closes, every connection that has not sent a byte yet. Node (before
 * nodejs/node#63470) counts an accepted connection as busy until its first request, so
 * `closeIdleConnections` leaves it open, and `server.close()` stops the timer that would end it
 * (`headersTimeout`): the close waits for its client. Clients open such connections ahead of
 * need (a browser's preconnect; fetch's pool after requests it aborted), and fetch ends one only
 * after the keep-alive time this server announces less 2 s: 70 s, which held a rolling deploy's
 * shutdown far past its grace. Nothing was asked on them, so nothing is lost.
 */
export function closeUnusedConnections(app: FastifyInstance): void {
  const open = new Set<Socket>();
  app.server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  });
  // Fastify closes the server (no more connections) right after its preClose hooks.
  app.addHook("preClose", (done) => {
    for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
    done();
  });
}
