import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeCloudApi } from "../../../test/fakes/whatsapp-cloud-api.js";
import { testWhatsappConfig } from "../../../test/fakes/whatsapp-config.js";
import { readButtonPayload } from "../webhook/button-payload.js";
import { CloudApiError } from "./cloud-api.js";
import { SendThread } from "./send-thread.js";

const fake = new FakeCloudApi();
beforeAll(() => fake.start());
afterAll(() => fake.stop());

const request = (n: number) => ({
  to: `92300123456${n}`,
  orderId: `0b9c1c2e-5c1d-4a51-9a38-6a9a3d1f0b1${n}`,
  bodyParameters: ["Ayesha Khan", `3F9A1C2${n}`, "Lawn Suit (M, Red) x 2", "Rs. 5,000", "Lahore"],
});

describe("the sending thread", () => {
  it("sends each confirmation request with its signed buttons and answers its id or its error, in order", async () => {
    const config = testWhatsappConfig(fake.url);
    const thread = new SendThread();
    fake.mode = "ok";
    const before = fake.received.length;
    const ids = await thread.send(config, [request(1), request(2), request(3)], 2);
    expect(ids).toEqual(fake.received.slice(before).map(() => expect.stringMatching(/^wamid\./)));
    const got = new Map(fake.received.slice(before).map((m) => [m.id, m.body]));
    ids.forEach((id, n) => {
      const body = got.get(id as string)!;
      expect(body).toMatchObject({ to: request(n + 1).to, template: { name: "order_confirmation" } });
      const payloads = (body.template!.components as { parameters: { payload?: string }[] }[])
        .slice(1)
        .map((c) => readButtonPayload(config.appSecret, c.parameters[0].payload!));
      expect(payloads).toEqual([
        { action: "confirm", orderId: request(n + 1).orderId },
        { action: "cancel", orderId: request(n + 1).orderId },
      ]);
    });

    fake.mode = "error400";
    const [refused] = await thread.send(config, [request(4)], 1);
    expect(refused).toBeInstanceOf(CloudApiError);
    expect(refused).toMatchObject({ status: 400, message: expect.stringMatching(/answered 400/) });
    fake.mode = "ok";
    await thread.close();
  });

  it("lets the batch under way end before it stops, and sends nothing after", async () => {
    const config = testWhatsappConfig(fake.url, { requestTimeoutMs: 300 });
    const thread = new SendThread();
    fake.mode = "hang";
    const attempts = fake.attempts;
    const underWay = thread.send(config, [request(5)], 1);
    await expect.poll(() => fake.attempts, { timeout: 10_000 }).toBe(attempts + 1);
    const closed = thread.close();
    const [late] = await underWay;
    expect(late).toMatchObject({ status: null, message: "The WhatsApp Cloud API timed out" });
    await closed;
    fake.mode = "ok";
    await expect(thread.send(config, [request(6)], 1)).rejects.toThrow(/stopping/);
  });
});
