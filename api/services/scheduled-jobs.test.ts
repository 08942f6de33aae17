import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications } from "../db/schema";
import { createTestApi, type TestApi } from "../test/helpers";
import { createScheduler, remindPendingReuploads, remindReviewersBeforeDeadline, sendOverdueDigest } from "./scheduled-jobs";

// The scheduled jobs: each slot runs once, however many schedulers run at once.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api?.close());

const DAY = 86_400_000;
const file = (values: Parameters<TestApi["submittedFile"]>[0]) => api.submittedFile(values);

const schedulers = (count: number) =>
  Array.from({ length: count }, () => createScheduler({ db: api.db, mailer: api.mailer, logger: pino({ level: "silent" }), intervalMs: 0 }));

describe("scheduled jobs", () => {
  it("reminds the reviewers of a stage once, 2 days before a file's deadline, across three schedulers", async () => {
    const soon = await file({ status: "IN-PROGRESS", openStageId: 1, stageStartedAt: new Date(Date.now() - 13 * DAY), deadlineAt: new Date(Date.now() + DAY) });
    const later = await file({ status: "IN-PROGRESS", openStageId: 1, stageStartedAt: new Date(), deadlineAt: new Date(Date.now() + 10 * DAY) });
    const before = (await api.mails("admin@adaptasi.test")).length;
    await Promise.all(schedulers(3).map((s) => s.runAll()));
    await remindReviewersBeforeDeadline(api.db, api.mailer); // and once more: nothing new

    for (const reviewer of ["admin@adaptasi.test", "subkomite@adaptasi.test"]) {
      const reminders = (await api.mails(reviewer)).filter((m) => m.subject.startsWith("Tenggat SLA dalam 2 hari") && m.text.includes(soon.registrationNumber));
      expect(reminders, reviewer).toHaveLength(1);
      expect(reminders[0].text).toContain(`${soon.registrationNumber} — ${soon.applicantName}`);
      expect(reminders[0].text).toContain("/application-list");
      expect(reminders[0].text).not.toContain(later.registrationNumber);
    }
    // A stage 1 file is nothing to the Kolegium (stage 2).
    expect((await api.mails("kolegium@adaptasi.test")).some((m) => m.text.includes(soon.registrationNumber))).toBe(false);
    expect((await api.mails("admin@adaptasi.test")).length).toBeGreaterThan(before);

    // A new deadline (the SLA changed) is a new reminder.
    await api.db
      .update(applications)
      .set({ deadlineAt: new Date(Date.now() + 1.5 * DAY) })
      .where(eq(applications.id, soon.id));
    await remindReviewersBeforeDeadline(api.db, api.mailer);
    const again = (await api.mails("admin@adaptasi.test")).filter((m) => m.subject.startsWith("Tenggat SLA") && m.text.includes(soon.registrationNumber));
    expect(again).toHaveLength(2);
  });

  it("sends the overdue digest once a day, from 07:00 WIB", async () => {
    const late = await file({
      status: "IN-PROGRESS",
      openStageId: 1,
      stageStartedAt: new Date(Date.now() - 20 * DAY),
      deadlineAt: new Date(Date.now() - 6 * DAY),
    });
    const digests = async () =>
      (await api.mails("subkomite@adaptasi.test")).filter((m) => m.subject.startsWith("Ringkasan harian") && m.text.includes(late.registrationNumber));
    const sixWib = new Date("2099-03-02T23:00:00Z"); // 06:00 on 3 March in Jakarta
    expect(await sendOverdueDigest(api.db, api.mailer, sixWib)).toBe(0);
    const eightWib = new Date("2099-03-03T01:00:00Z");
    await Promise.all([sendOverdueDigest(api.db, api.mailer, eightWib), sendOverdueDigest(api.db, api.mailer, eightWib)]);
    await sendOverdueDigest(api.db, api.mailer, new Date("2099-03-03T10:00:00Z"));
    expect(await digests()).toHaveLength(1);
    expect((await digests())[0].text).toContain("telah melewati tenggat SLA");
    await sendOverdueDigest(api.db, api.mailer, new Date("2099-03-04T01:00:00Z")); // the next day
    expect(await digests()).toHaveLength(2);
  });

  it("reminds the applicant once of a 'Perbaikan Berkas' that has waited 7 days", async () => {
    const waiting = await file({ status: "REUPLOAD", openStageId: null, stageStartedAt: new Date(Date.now() - 8 * DAY) });
    const recent = await file({ status: "REUPLOAD", openStageId: null, stageStartedAt: new Date(Date.now() - 2 * DAY) });
    await Promise.all(schedulers(2).map((s) => s.runAll()));
    await remindPendingReuploads(api.db, api.mailer);
    const mails = await api.mails(waiting.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Pengingat perbaikan berkas — ${waiting.registrationNumber} | Adaptasi Nakes LLN`);
    expect(mails[0].text).toContain("/submission-form/reupload-form");
    expect(await api.mails(recent.email)).toHaveLength(0);
  });
});
