import net from "node:net";

/**
 * Sends a POST's headers and the first `sentBytes` of its body to the server on `port`, then
 * nothing; resolves with the status line the server answered, or "no answer" after `waitMs`. For
 * tests of what a route refuses before the whole body (an upload's files) has arrived.
 */
export function sendPartly(
  port: number,
  url: string,
  payload: Buffer,
  contentType: string,
  sentBytes: number,
  waitMs: number,
): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(
        `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\n\r\n`,
      );
      socket.write(payload.subarray(0, sentBytes));
    });
    let received = "";
    const done = (answer: string) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done("no answer"), waitMs);
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      if (received.includes("\r\n\r\n")) done(received.split("\r\n")[0]);
    });
    socket.on("error", () => done("connection error"));
  });
}
