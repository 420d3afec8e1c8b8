import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeCloudApi } from "../../../test/fakes/whatsapp-cloud-api.js";
import { testWhatsappConfig } from "../../../test/fakes/whatsapp-config.js";
import { CloudApiError, sendText } from "./cloud-api.js";

const fake = new FakeCloudApi();
beforeAll(() => fake.start());
afterAll(() => fake.stop());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => err,
  );

describe("the Cloud API client", () => {
  it("answers the message id, and says why when there is none: an error answer, no answer in time, no server", async () => {
    const config = testWhatsappConfig(fake.url, { requestTimeoutMs: 300 });
    fake.mode = "ok";
    expect(await sendText(config, "923001234567", "Thank you")).toMatch(/^wamid\./);

    fake.mode = "error500";
    const refused = await failure(sendText(config, "923001234567", "Thank you"));
    expect(refused).toBeInstanceOf(CloudApiError);
    expect(refused).toMatchObject({ status: 500, message: expect.stringMatching(/answered 500: An unknown error/) });

    fake.mode = "hang";
    const started = Date.now();
    const late = await failure(sendText(config, "923001234567", "Thank you"));
    expect(late).toMatchObject({ status: null, message: "The WhatsApp Cloud API timed out" });
    expect(Date.now() - started).toBeLessThan(5_000);

    fake.mode = "down";
    const gone = await failure(sendText(config, "923001234567", "Thank you"));
    expect(gone).toMatchObject({ status: null, message: "The WhatsApp Cloud API could not be reached" });
    fake.mode = "ok";
  });
});
