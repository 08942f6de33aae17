import type { AppRouteHandler } from "../../http/env";
import { applicationCsv, csvFileName, listApplications, reviewDetail } from "../../services/review/review";
import { filterOf, recordAccess, recordExportBatch } from "../../services/access-log";
import { actorOf, decideApplication } from "../../services/workflow";
import type * as routes from "./review.routes";
import { componentLogger } from "../../lib/log";

/** Lines are sent in chunks of about this many characters. */
const CSV_CHUNK = 64 * 1024;

export const list: AppRouteHandler<typeof routes.list> = async (c) => {
  const { db } = c.var.deps;
  return c.json(await listApplications(db, c.var.user.roleId, c.req.valid("query")), 200);
};

export const exportCsv: AppRouteHandler<typeof routes.exportCsv> = async (c) => {
  const { db, config } = c.var.deps;
  const role = c.var.user.roleId;
  const query = c.req.valid("query");
  // One row per export, saying which filter it used (docs/decisions/026-access-log.md), before a line is sent;
  // which applications it held, one record per batch, before that batch's lines are sent.
  const logId = await recordAccess(db, c.var.user, "EXPORT", { applicantUserId: null, details: filterOf(query) });
  const lines = applicationCsv(db, role, query, undefined, (ids) => recordExportBatch(db, logId, ids));
  const encoder = new TextEncoder();
  // Pulled as the client reads: a page of rows at a time, never the whole export in memory.
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk = "";
      try {
        while (chunk.length < CSV_CHUNK) {
          const next = await lines.next();
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          chunk += next.value;
        }
      } catch (err) {
        config.logger.error({ err }, "CSV export failed");
        controller.error(err);
        return;
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(stream, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(role, query)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  }) as never;
};

export const getOne: AppRouteHandler<typeof routes.getOne> = async (c) => {
  const { db } = c.var.deps;
  return c.json({ data: await reviewDetail(db, c.var.user.roleId, c.req.valid("param").id, undefined, c.var.user) }, 200);
};

export const decide: AppRouteHandler<typeof routes.decide> = async (c) => {
  const { db, mailer, config } = c.var.deps;
  const user = c.var.user;
  const body = c.req.valid("json");
  const detail = await decideApplication(
    db,
    {
      applicationId: c.req.valid("param").id,
      actor: actorOf(user),
      stageId: body.stage_id,
      decision: body.decision,
      note: body.note,
      internalNote: body.internal_note,
      documents: body.documents,
    },
    { mailer, logger: componentLogger(config.logger, "review"), letterKeys: config.letterKeys },
  );
  return c.json({ data: detail }, 200);
};
