import net from "node:net";

/** A TCP port nobody holds on 127.0.0.1 now (asked of the system: port 0), for a server started next. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
