import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./app-error.js";
import { parse } from "./validate.js";

const schema = z.object({ name: z.string(), tags: z.record(z.string(), z.boolean()).optional() });

function refusal(input: unknown): AppError {
  try {
    parse(schema, input);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("parse accepted the input");
}

describe("parse", () => {
  it("refuses a NUL character, naming the field, since PostgreSQL cannot store it", () => {
    const err = refusal({ name: "a\u0000b" });
    expect(err.status).toBe(400);
    expect(err.message).toBe("name: Text cannot contain NUL characters or broken Unicode");
    expect(err.details).toEqual({ name: "Text cannot contain NUL characters or broken Unicode" });
  });

  it("refuses half a surrogate pair in a value or in a key, which a jsonb column rejects", () => {
    expect(refusal({ name: "\ud800" }).details).toHaveProperty("name");
    expect(refusal({ name: "x\udc00" }).details).toHaveProperty("name");
    expect(refusal({ name: "ok", tags: { "\ud83d": true } }).details).toHaveProperty(["tags.\ud83d"]);
  });

  it("accepts emoji and Urdu, whose surrogate pairs are whole", () => {
    expect(parse(schema, { name: "لان 😀👗", tags: { "👗": true } })).toEqual({
      name: "لان 😀👗",
      tags: { "👗": true },
    });
  });
});
