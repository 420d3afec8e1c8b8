import type { TestContext } from "../test-app.js";
import { FAKE_KEY, FAKE_PASSWORD, type LeopardsFake } from "./leopards-fake.js";
import { POSTEX_TOKEN, type PostexFake } from "./postex-fake.js";

/** Connects the store to both fakes as an owner would, in Settings → Couriers. */
export async function connectCourierFakes(t: TestContext, postex: PostexFake, leopards: LeopardsFake): Promise<void> {
  const headers = { cookie: t.adminCookie };
  await t.app.inject({
    method: "PUT",
    url: "/api/admin/couriers/postex",
    headers,
    payload: { enabled: true, baseUrl: postex.baseUrl, token: POSTEX_TOKEN, pickupAddressCode: "001" },
  });
  await t.app.inject({
    method: "PUT",
    url: "/api/admin/couriers/leopards",
    headers,
    payload: { enabled: true, baseUrl: leopards.baseUrl, apiKey: FAKE_KEY, apiPassword: FAKE_PASSWORD },
  });
}
