import { DrizzleQueryError } from "drizzle-orm/errors";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.js";
import { redactForLog } from "./redact-log.js";

describe("redactForLog", () => {
  it("keeps a failed query's shape and the database's error, never its parameters", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: "23505",
      detail: "Key (customer_phone)=(03001234567) already exists.",
    });
    const err = new DrizzleQueryError(
      'insert into "orders" ("customer_name", "customer_phone") values ($1, $2)',
      ["Ayesha Khan", "03001234567"],
      cause,
    );
    const logged = JSON.stringify(redactForLog(err));
    expect(logged).not.toMatch(/Ayesha|03001234567/);
    expect(logged).toMatch(/insert into \\"orders\\"/);
    expect(logged).toMatch(/23505/);
    expect(logged).toMatch(/params: \[redacted\]/);
  });

  it("is how the app's log writes every error, whoever logs it", async () => {
    const stream = new PassThrough();
    let written = "";
    stream.on("data", (chunk) => (written += String(chunk)));
    const t = await createTestApp({ logLevel: "error", logStream: stream });
    try {
      const leak = new DrizzleQueryError("select $1, $2", ["Ayesha Khan", "03001234567"], new Error("boom"));
      t.app.log.error({ err: leak }, "a background task failed");
      await new Promise((resolve) => setImmediate(resolve));
      expect(written).toMatch(/a background task failed/);
      expect(written).toMatch(/params: \[redacted\]/);
      expect(written).not.toMatch(/Ayesha|03001234567/);
    } finally {
      await t.close();
    }
  });
});
