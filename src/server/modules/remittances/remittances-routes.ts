import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { SHEET_MAX_BYTES, remittanceQuery, resolveFlagInput } from "@shared/schemas/remittances.js";
import { AppError } from "../../lib/app-error.js";
import { withSheetForm } from "../../lib/sheets/index.js";
import { parse } from "../../lib/validate.js";
import { actorOf, recordExport } from "../audit/index.js";
import { CourierUnavailable } from "../shipping/index.js";
import { openFlagsCsv, resolveFlag } from "./flags.js";
import { importSettlement } from "./import-settlement.js";
import { pullPayments } from "./pull-payments.js";
import { remittancesView } from "./remittances-view.js";
import { readSettlementUpload, readSheetPreview } from "./sheet-upload.js";
import { flagUnpaidParcels } from "./unpaid-sweep.js";

export const PULL_JOB = "remittances.pull";
export const PULL_EVERY_MS = 3 * 3_600_000;
export const UNPAID_SWEEP_JOB = "remittances.unpaid-sweep";
export const UNPAID_SWEEP_EVERY_MS = 3_600_000;

const flagId = z.object({ id: z.coerce.number({ message: "Flag id must be a number" }).int().positive() });

/** Courier remittances (issue 27, decision 028): owner only, every change audited. */
export async function remittancesRoutes(app: FastifyInstance): Promise<void> {
  const owner = { config: { access: "owner" as const } };
  const pull = () => pullPayments({ db: app.db, secrets: app.secrets }, app.clock.now());

  app.jobs.every(PULL_JOB, PULL_EVERY_MS, async () => {
    const run = await pull();
    if (run.paid > 0) app.log.info({ ...run }, "couriers reported parcels paid");
  });
  app.jobs.every(UNPAID_SWEEP_JOB, UNPAID_SWEEP_EVERY_MS, async () => {
    await flagUnpaidParcels(app.db, app.clock.now());
  });

  app.get("/api/admin/remittances", owner, async (request) => {
    const { courier } = parse(remittanceQuery, request.query);
    await flagUnpaidParcels(app.db, app.clock.now());
    return remittancesView(app.db, courier, app.clock.now());
  });

  const upload = { config: { access: "owner" as const, upload: true, auditsItself: true } };
  app.post(
    "/api/admin/remittances/preview",
    // A read (the first rows), though sent as a form: nothing to audit.
    { config: { access: "owner" as const, upload: true, auditsItself: true } },
    (request) => withSheetForm(request, SHEET_MAX_BYTES, (form) => readSheetPreview(app.db, form)),
  );

  app.post("/api/admin/remittances/import", upload, (request) =>
    withSheetForm(request, SHEET_MAX_BYTES, async (form) =>
      importSettlement(
        app.db,
        await readSettlementUpload(app.db, form),
        actorOf(request),
        app.clock.now(),
        request.log,
      ),
    ),
  );

  app.patch(
    "/api/admin/remittances/flags/:id",
    { config: { access: "owner", auditsItself: true } },
    async (request) => {
      const { id } = parse(flagId, request.params);
      const { note } = parse(resolveFlagInput, request.body);
      return resolveFlag(app.db, id, note, actorOf(request));
    },
  );

  app.get("/api/admin/remittances/flags.csv", owner, async (request, reply) => {
    const { courier } = parse(remittanceQuery, request.query);
    const csv = await openFlagsCsv(app.db, courier);
    await recordExport(app.db, request, { action: "export.remittance-flags", details: { courier: courier ?? null } });
    reply
      .type("text/csv; charset=utf-8")
      .header(
        "Content-Disposition",
        `attachment; filename="remittance-flags${courier ? `-${courier.replace(/[^A-Za-z0-9]+/g, "-")}` : ""}.csv"`,
      );
    return csv;
  });

  // On demand from the page; the audit trail records who asked.
  app.post("/api/admin/remittances/pull", owner, async () => {
    try {
      const run = await pull();
      await flagUnpaidParcels(app.db, app.clock.now());
      return run;
    } catch (err) {
      if (err instanceof CourierUnavailable)
        throw new AppError("UNAVAILABLE", `${err.message}; ask again in a few minutes`);
      throw err;
    }
  });
}
