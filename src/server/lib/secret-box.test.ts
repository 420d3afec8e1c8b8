import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readEnv } from "../env.js";
import { decodeSecretsKey, loadSecretsKey, SecretBox, SECRETS_KEY_FILE } from "./secret-box.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secrets-"));
  dirs.push(dir);
  return dir;
};

describe("SecretBox", () => {
  it("opens what it sealed, and nothing sealed under another key, for another purpose or altered", () => {
    const box = new SecretBox(Buffer.alloc(32, 1));
    const sealed = box.seal("fake-password", "courier.leopards.apiPassword");
    expect(sealed).not.toContain("fake-password");
    expect(sealed).not.toBe(box.seal("fake-password", "courier.leopards.apiPassword"));
    expect(box.open(sealed, "courier.leopards.apiPassword")).toBe("fake-password");
    expect(box.open(sealed, "courier.leopards.apiKey")).toBeNull();
    expect(new SecretBox(Buffer.alloc(32, 2)).open(sealed, "courier.leopards.apiPassword")).toBeNull();
    const altered = sealed.slice(0, 30) + (sealed[30] === "A" ? "B" : "A") + sealed.slice(31); // a tag byte
    expect(box.open(altered, "courier.leopards.apiPassword")).toBeNull();
    expect(box.open("fake-password", "courier.leopards.apiPassword")).toBeNull();
  });
});

describe("the secrets key", () => {
  it("is generated once into the embedded database's data directory, readable by the store's user only", () => {
    const dir = tempDir();
    const first = loadSecretsKey(undefined, dir)!;
    expect(first).toHaveLength(32);
    expect(loadSecretsKey(undefined, dir)!.equals(first)).toBe(true);
    expect(fs.statSync(path.join(dir, SECRETS_KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it("comes from SECRETS_KEY when set, and is absent on PostgreSQL without it", () => {
    const key = Buffer.alloc(32, 9);
    expect(loadSecretsKey(key, tempDir())).toBe(key);
    expect(loadSecretsKey(undefined, undefined)).toBeNull();
  });

  it("refuses a SECRETS_KEY that is not 32 bytes in base64, saying how to make one", () => {
    expect(decodeSecretsKey(Buffer.alloc(32, 3).toString("base64"))).toHaveLength(32);
    expect(decodeSecretsKey("too short")).toBeNull();
    expect(() => readEnv({ SECRETS_KEY: "c2hvcnQ=" })).toThrow(/SECRETS_KEY: must be 32 random bytes in base64/);
    expect(readEnv({ SECRETS_KEY: Buffer.alloc(32, 4).toString("base64") }).SECRETS_KEY).toHaveLength(32);
  });
});
