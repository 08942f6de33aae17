import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { parseMail, type ParsedMail } from "./mail";

// A real SMTP server on loopback (the `smtp-server` package) for tests that send mail the way production
// does: it keeps every message it accepts, by envelope recipient, or refuses every recipient with 451
// until `accept()` (the mail fault tests).

export interface Received {
  /** the envelope sender and recipient */
  from: string;
  to: string;
  messageId: string;
  mail: ParsedMail;
}

export async function smtpSink(options: { accepting?: boolean; port?: number } = {}) {
  let accepting = options.accepting ?? true;
  let refused = 0;
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (accepting) return callback();
      refused++;
      callback(Object.assign(new Error("Mail server busy, try again later"), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? "";
        const mail = parseMail(raw);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        for (const r of session.envelope.rcptTo) received.push({ from, to: r.address, messageId, mail });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused: () => refused,
    accept: () => void (accepting = true),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof smtpSink>>;
