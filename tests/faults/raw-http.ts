import net from "node:net";

// HTTP/1.1 by hand, for bodies no well-behaved client sends: cut short, abandoned, throttled, garbled.

export interface RawAnswer {
  /** the status line's code, or null when the server answered nothing */
  status: number | null;
  /** the whole answer as text (headers and body, chunked framing left in) */
  text: string;
  /** body bytes written before the answer began, or before the socket closed */
  sentBeforeAnswer: number;
  sent: number;
  /** who ended it: the server closing the socket, the client (`abort`), or the client giving up (`timeoutMs`) */
  closedBy: "server" | "client" | "timeout";
}

export interface RawOptions {
  /** send only this many body bytes (default: all) */
  cut?: number;
  /** after sending, close the socket without waiting for an answer */
  abort?: boolean;
  /** wait this long after sending before aborting */
  holdMs?: number;
  /** bytes per write (default 64 KiB) */
  chunk?: number;
  /** give up waiting for the answer after this long */
  timeoutMs?: number;
}

/**
 * Sends `head` (request line and headers, without the blank line) and `body`, honouring back-pressure,
 * and reads the answer until the server closes (the head should carry `Connection: close`).
 */
export function rawRequest(port: number, head: string, body: Buffer, opts: RawOptions = {}): Promise<RawAnswer> {
  const end = Math.min(opts.cut ?? body.length, body.length);
  const size = opts.chunk ?? 65536;
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let sent = 0;
    let sentBeforeAnswer = -1;
    let text = "";
    let done = false;
    let closedBy: RawAnswer["closedBy"] = "server";
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({ status: status ? Number(status) : null, text, sentBeforeAnswer: sentBeforeAnswer < 0 ? sent : sentBeforeAnswer, sent, closedBy });
    };
    const timer = setTimeout(() => {
      closedBy = "timeout";
      finish();
    }, opts.timeoutMs ?? 30_000);
    socket.setEncoding("latin1");
    socket.on("data", (d: string) => {
      if (sentBeforeAnswer < 0) sentBeforeAnswer = sent;
      text += d;
    });
    socket.on("close", finish);
    socket.on("error", () => {}); // a reset after the answer is expected; "close" follows
    socket.on("connect", () => {
      socket.write(`${head}\r\n\r\n`);
      // Like a browser, the sender notices an answer while it is still sending: it yields to the event
      // loop after each MiB even when the socket takes every byte at once (a server that reads and drops
      // the rest of a refused body can take 100 MB before a synchronous loop would look).
      const pump = () => {
        let burst = 0;
        while (sent < end && !done) {
          const piece = body.subarray(sent, Math.min(end, sent + size));
          sent += piece.length;
          burst += piece.length;
          if (!socket.write(piece)) return void socket.once("drain", pump);
          if (burst >= 1024 * 1024) return void setImmediate(pump);
        }
        if (sent >= end && opts.abort)
          setTimeout(() => {
            closedBy = "client";
            finish();
          }, opts.holdMs ?? 0);
      };
      pump();
    });
  });
}

/** A multipart body with text fields and file parts. */
export function multipartBody(boundary: string, parts: Array<{ name: string; filename?: string; type?: string; data: Buffer | string }>): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename !== undefined ? `form-data; name="${p.name}"; filename="${p.filename}"` : `form-data; name="${p.name}"`;
    const type = p.filename !== undefined ? `Content-Type: ${p.type ?? "application/octet-stream"}\r\n` : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(p.data), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/**
 * A TCP proxy that forwards what the client sends at `bytesPerSecond` (a poor mobile uplink) and
 * the server's answer at full speed.
 */
export async function throttlingProxy(
  targetPort: number,
  bytesPerSecond: number,
  opts: {
    /** cuts the connection under way (both sides) when what the clients sent in all passes each of these byte counts */
    dropAt?: number[];
  } = {},
): Promise<{
  port: number;
  close: () => Promise<void>;
  /** bytes the clients sent, over every connection */ received: () => number;
  /** connections cut */ drops: () => number;
}> {
  const sockets = new Set<net.Socket>();
  const dropAt = [...(opts.dropAt ?? [])].sort((a, b) => a - b);
  let received = 0;
  let drops = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, "127.0.0.1");
    sockets.add(client).add(upstream);
    const queue: Buffer[] = [];
    let queued = 0;
    let clientEnded = false;
    const tick = setInterval(() => {
      let budget = Math.ceil(bytesPerSecond / 10);
      while (budget > 0 && queue.length > 0) {
        const head = queue[0];
        const piece = head.subarray(0, budget);
        upstream.write(piece);
        budget -= piece.length;
        queued -= piece.length;
        if (piece.length === head.length) queue.shift();
        else queue[0] = head.subarray(piece.length);
      }
      if (queued > 256 * 1024) client.pause();
      else client.resume();
      if (clientEnded && queue.length === 0) upstream.end();
    }, 100);
    client.on("data", (d: Buffer) => {
      received += d.length;
      if (dropAt.length > 0 && received >= dropAt[0]) {
        // A lost signal: the connection goes at once, whatever is still queued towards the server.
        dropAt.shift();
        drops++;
        client.destroy();
        upstream.destroy();
        return;
      }
      queue.push(d);
      queued += d.length;
    });
    client.on("end", () => (clientEnded = true));
    upstream.pipe(client); // the answer at full speed; its end ends the client's side
    client.on("close", () => {
      clearInterval(tick);
      upstream.destroy();
    });
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    received: () => received,
    drops: () => drops,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
