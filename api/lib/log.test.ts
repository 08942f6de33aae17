import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../test/helpers";
import { componentLogger } from "./log";

// A part's log lines carry `component` once: the part's name, in place of the parent's.

const occurrences = (line: string, key: string) => line.split(`"${key}":`).length - 1;

describe("componentLogger", () => {
  it("replaces the parent's component, keeps its other bindings, and adds one where the parent has none", () => {
    const lines: string[] = [];
    const root = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
    componentLogger(root.child({ component: "api", instance: "a" }), "mail").info({ id: 1 }, "mail sent");
    componentLogger(root, "jobs").info("ran");
    componentLogger(componentLogger(root.child({ component: "api" }), "mail"), "outbox").info("nested");
    expect(lines.map((l) => occurrences(l, "component"))).toEqual([1, 1, 1]);
    const [mail, jobs, nested] = lines.map((l) => JSON.parse(l));
    expect(mail).toMatchObject({ component: "mail", instance: "a", id: 1, msg: "mail sent", pid: process.pid });
    expect(jobs).toMatchObject({ component: "jobs" });
    expect(nested).toMatchObject({ component: "outbox" });
  });
});

describe("the API's mail log lines under the portal's logger", () => {
  const lines: string[] = [];
  let api: TestApi;
  beforeAll(async () => {
    // As server/app.ts starts the API: its logger bound to component "api".
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) }).child({ component: "api" });
    api = await createTestApi({ logger });
  });
  afterAll(() => api?.close());

  it("carry the component key once, naming the mail", async () => {
    await api.mailer.send(
      "test",
      { email: "penerima@contoh.id", name: "Penerima" },
      { subject: "Uji", text: "Uji", html: "<p>Uji</p>", link: "https://contoh.id/" },
    );
    await api.mailer.idle();
    const mail = lines.filter((l) => l.includes('"msg":"mail written to outbox"'));
    expect(mail.length).toBeGreaterThan(0);
    for (const line of mail) {
      expect(occurrences(line, "component")).toBe(1);
      expect(JSON.parse(line).component).toBe("mail");
    }
  });
});
