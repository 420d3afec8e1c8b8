/**
 * Settings API. PUT /api/settings/:key takes either a multipart form with an 'image' file
 * (image settings only) or a 'value' field holding the JSON-encoded value, or a JSON body
 * {value}. Text settings are strings of at most 500 characters; an image setting's value is the
 * stored image's object (or its id) or null. null restores the default.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { ADMIN_IMAGE_MAX_PX } from "@shared/constants.js";
import { imageIdInput } from "@shared/schemas/common.js";
import { settingKey, settingValue, type AnySettingKey as SettingKey } from "@shared/schemas/settings.js";
import { isCodRuleKey, normalizeCodRule } from "@shared/rules/cod-rules.js";
import { isFeeSettingKey, normalizeFeeSetting } from "@shared/rules/fees.js";
import { isAdvanceSettingKey, normalizeAdvanceSetting } from "@shared/rules/advance.js";
import { isWinbackSettingKey, normalizeWinbackSetting } from "@shared/rules/winback.js";
import { badRequest } from "../../lib/app-error.js";
import { readMultipart } from "../../lib/multipart.js";
import { parse } from "../../lib/validate.js";
import { findImageRefs, storeImages } from "../images/index.js";
import { IMAGE_SETTINGS, listSettings, saveSetting } from "./settings-service.js";
import { recordChange } from "../audit/index.js";

const keyParams = z.object({ key: settingKey });
const jsonBody = z.object({ value: z.unknown() });

/** The value the request asks for, before it is checked against the key. */
async function readValue(app: FastifyInstance, request: FastifyRequest, key: SettingKey): Promise<unknown> {
  if (!request.isMultipart()) return parse(jsonBody, request.body).value;
  const form = await readMultipart(request);
  if (form.files.length > 1 || form.files.some((f) => f.fieldname !== "image"))
    throw badRequest("Send one file, in the 'image' field");
  const [file] = form.files;
  if (file) {
    if (!IMAGE_SETTINGS.includes(key)) throw badRequest(`The setting '${key}' is text; send a 'value' field`);
    const [ref] = await storeImages(app.db, [{ filename: file.filename, bytes: file.bytes }], ADMIN_IMAGE_MAX_PX);
    return ref;
  }
  const raw = form.fields.value;
  if (raw === undefined) throw badRequest("Send an 'image' file or a 'value' field");
  try {
    return JSON.parse(raw);
  } catch {
    return raw; // a bare text value is what was meant
  }
}

async function checkValue(app: FastifyInstance, key: SettingKey, value: unknown): Promise<unknown> {
  // parse() reads a missing body as {}, so null (restore the default) is handled before it.
  if (value === null) return null;
  if (isCodRuleKey(key)) {
    const rule = normalizeCodRule(key, value);
    if ("problem" in rule) throw badRequest(rule.problem);
    return rule.value;
  }
  if (isFeeSettingKey(key)) {
    const fee = normalizeFeeSetting(key, value);
    if ("problem" in fee) throw badRequest(fee.problem);
    return fee.value;
  }
  if (isAdvanceSettingKey(key)) {
    const rule = normalizeAdvanceSetting(key, value);
    if ("problem" in rule) throw badRequest(rule.problem);
    return rule.value;
  }
  if (isWinbackSettingKey(key)) {
    const rule = normalizeWinbackSetting(key, value);
    if ("problem" in rule) throw badRequest(rule.problem);
    return rule.value;
  }
  if (!IMAGE_SETTINGS.includes(key)) return parse(settingValue, value);
  const id = parse(imageIdInput, value);
  const ref = (await findImageRefs(app.db, [id])).get(id);
  if (!ref) throw badRequest("That image does not exist; upload it as an 'image' file");
  return ref;
}

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/settings", { config: { access: "public" } }, async () => listSettings(app.db));

  app.put("/api/settings/:key", { config: { access: "owner", auditsItself: true } }, async (request) => {
    const { key } = parse(keyParams, request.params);
    const value = await checkValue(app, key, await readValue(app, request, key));
    const before = (await listSettings(app.db)).find((s) => s.key === key)?.value ?? null;
    const saved = await saveSetting(app.db, key, value);
    await recordChange(app.db, request, {
      action: "setting.update",
      entity: "setting",
      entityId: key,
      before: { [key]: before },
      after: { [key]: saved.value },
    });
    return saved;
  });
}
