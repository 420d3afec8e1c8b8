import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { productExportQuery } from "@shared/schemas/product-import.js";
import { withSheetForm } from "../../lib/sheets/index.js";
import { parse } from "../../lib/validate.js";
import { recordExport } from "../audit/index.js";
import { failBackgroundImport, IMPORT_JOB, importProgress, runBackgroundImport } from "./background-import.js";
import { exportProducts } from "./export-products.js";
import { PICTURE_FETCH_DEFAULTS, type PictureFetchOptions } from "./fetch-picture.js";
import { IMPORT_MAX_BYTES } from "./import-limits.js";
import { receiveImport } from "./import-upload.js";
import { FetchAllowance } from "./public-address.js";

const CATALOGUE_CHANNEL = "store_catalogue_changed";
const importId = z.object({ id: z.coerce.number({ message: "Import id must be a number" }).int().positive() });

/** Product import and export (issue 41, decision 043): the owner's. */
export async function productImportRoutes(app: FastifyInstance): Promise<void> {
  const settings = app.config.productImport ?? {};
  const pictureOptions: PictureFetchOptions = {
    ...PICTURE_FETCH_DEFAULTS,
    timeoutMs: settings.pictureTimeoutMs ?? PICTURE_FETCH_DEFAULTS.timeoutMs,
    allowance: new FetchAllowance(settings.fetchAllow),
  };
  // The storefront's cached answers go stale with the catalogue, here and on every app server.
  const announce = async () => {
    app.catalogueCache.invalidate();
    await app.database.notify?.(CATALOGUE_CHANNEL).catch((err) => app.log.warn({ err }, "import not broadcast"));
  };

  app.jobs.register(
    IMPORT_JOB,
    async (payload) => {
      const done = await runBackgroundImport(app.db, Number(payload.importId), { pictureOptions });
      if (done) await announce();
    },
    { onFailed: (payload, error) => failBackgroundImport(app.db, Number(payload.importId), error) },
  );

  app.post(
    "/api/admin/products/import",
    { config: { access: "owner", upload: true, auditsItself: true } },
    (request, reply) =>
      withSheetForm(request, IMPORT_MAX_BYTES, async (form) => {
        const answer = await receiveImport(app.db, request, form, pictureOptions);
        if (answer.status === 202) app.jobs.wake();
        else if (!answer.body.dryRun && answer.status === 200) await announce();
        const body =
          answer.status === 422
            ? {
                error: `The file has errors (first on line ${answer.body.errors[0].line}); nothing was imported`,
                ...answer.body,
              }
            : answer.body;
        return reply.status(answer.status).send(body);
      }),
  );

  app.get("/api/admin/products/imports/:id", { config: { access: "owner" } }, async (request) => {
    const { id } = parse(importId, request.params);
    return importProgress(app.db, id);
  });

  app.get("/api/admin/products/export", { config: { access: "owner" } }, async (request, reply) => {
    const { format } = parse(productExportQuery, request.query);
    const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
    await recordExport(app.db, request, { action: "products.export", details: { format } });
    const day = app.clock.now().toISOString().slice(0, 10);
    return reply
      .type("text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="products-${format}-${day}.csv"`)
      .send(exportProducts(app.db, format, origin));
  });
}
