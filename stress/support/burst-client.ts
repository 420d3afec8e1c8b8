/**
 * A burst of shoppers in a process of its own (the server's event loop must not also be the
 * load generator's): BURST requests, CONCURRENCY at a time, each bounded by TIMEOUT_MS. Every
 * other request places an order (one phone number each), the rest read the catalogue. Prints
 * one JSON line: statuses, the 503s' distinct Retry-After values and bodies, the slowest request.
 *
 *   BASE=http://127.0.0.1:3000 PRODUCT_ID=1 node --import tsx stress/support/burst-client.ts
 */
const base = process.env.BASE!;
const productId = Number(process.env.PRODUCT_ID);
const total = Number(process.env.BURST ?? 2000);
const concurrency = Number(process.env.CONCURRENCY ?? 200);
const timeoutMs = Number(process.env.TIMEOUT_MS ?? 15_000);

export interface BurstSummary {
  seconds: number;
  statuses: Record<string, number>; // "0": no answer in time
  shedRetryAfter: string[];
  shedBodies: string[];
  slowestMs: number;
  /** Per status: [median, 99th percentile, slowest] in ms. */
  latencyMs: Record<string, [number, number, number]>;
}

const order = (i: number) => ({
  customerName: "Ayesha Khan",
  customerPhone: `+92 300 ${1_000_000 + i}`,
  customerEmail: "",
  shippingAddress: "House 12, Street 4, Model Town",
  city: "Lahore",
  postalCode: "54000",
  specialInstructions: "",
  items: [
    { productId, productName: "x", quantity: 1 + (i % 3), size: "M", color: "Red", price: 1, selectedImage: null },
  ],
  subtotal: "1",
  tax: "0",
  total: "1",
  paymentMethod: "cod",
});

async function main(): Promise<void> {
  const statuses: Record<string, number> = {};
  const retryAfter = new Set<string>();
  const bodies = new Set<string>();
  let slowest = 0;
  const latencies: Record<string, number[]> = {};
  let next = 0;
  const started = Date.now();
  const one = async (i: number) => {
    const t0 = Date.now();
    let status = 0;
    try {
      const res = await fetch(`${base}${i % 2 === 0 ? "/api/orders" : "/api/products?page=1"}`, {
        ...(i % 2 === 0
          ? {
              method: "POST",
              headers: { "content-type": "application/json", "x-forwarded-for": `198.51.${(i >> 8) & 255}.${i & 255}` },
              body: JSON.stringify(order(i)),
            }
          : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      status = res.status;
      if (status === 503) {
        retryAfter.add(res.headers.get("retry-after") ?? "(none)");
        bodies.add(text);
      }
    } catch {
      status = 0;
    }
    statuses[status] = (statuses[status] ?? 0) + 1;
    slowest = Math.max(slowest, Date.now() - t0);
    (latencies[status] ??= []).push(Date.now() - t0);
  };
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await one(next++);
    }),
  );
  const summary: BurstSummary = {
    seconds: (Date.now() - started) / 1000,
    statuses,
    shedRetryAfter: [...retryAfter],
    shedBodies: [...bodies],
    slowestMs: slowest,
    latencyMs: Object.fromEntries(
      Object.entries(latencies).map(([status, ms]) => {
        ms.sort((a, b) => a - b);
        return [status, [ms[Math.floor(ms.length / 2)], ms[Math.floor(ms.length * 0.99)], ms[ms.length - 1]]];
      }),
    ),
  };
  process.stdout.write(JSON.stringify(summary) + "\n");
}

void main();
