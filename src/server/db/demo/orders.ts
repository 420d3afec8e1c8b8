import { randomUUID } from "node:crypto";
import { trackingUrlFor } from "@shared/rules/couriers.js";
import type { OrderStatus } from "@shared/rules/order-status.js";
import { phoneKey } from "@shared/rules/phone.js";
import type { ImageRef } from "@shared/schemas/common.js";
import { makeCustomers, REVIEW_TEXTS, SPECIAL_INSTRUCTIONS, type DemoCustomer } from "./people.js";
import type { Random } from "./random.js";
import type { orderItems, orders, orderStatusEvents, reviews } from "../schema.js";

/** What the order generator needs to know of a stored demo product. */
export interface SeededProduct {
  id: number;
  name: string;
  category: string;
  price: number;
  sizes: string[];
  colors: string[];
  createdAt: Date;
  imageOf(color: string): ImageRef | null;
}

export interface DemoOrderRows {
  orders: (typeof orders.$inferInsert)[];
  items: (typeof orderItems.$inferInsert)[];
  events: (typeof orderStatusEvents.$inferInsert)[];
  reviews: (typeof reviews.$inferInsert)[];
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Young orders are still moving; old ones were delivered or cancelled long ago. */
function statusFor(random: Random, ageDays: number): OrderStatus {
  const roll = random.next();
  if (roll < 0.1) return "cancelled";
  if (ageDays >= 5 && roll > 0.93) return "returned";
  if (ageDays < 2) return roll < 0.75 ? "pending" : "processing";
  if (ageDays < 5) return roll < 0.3 ? "pending" : roll < 0.65 ? "processing" : "shipped";
  if (ageDays < 12) return roll < 0.2 ? "processing" : roll < 0.55 ? "shipped" : "delivered";
  return "delivered";
}

/** The status path an order took, each step after a believable delay but never in the future. */
function timeline(random: Random, status: OrderStatus, created: number, now: number) {
  const path: OrderStatus[] =
    status === "cancelled"
      ? random.chance(0.6)
        ? ["cancelled"]
        : ["processing", "cancelled"]
      : status === "returned"
        ? ["processing", "shipped", "returned"]
        : (["processing", "shipped", "delivered"] as OrderStatus[]).slice(
            0,
            ["pending", "processing", "shipped", "delivered"].indexOf(status),
          );
  const age = now - created;
  const steps: { status: OrderStatus; actor: string; at: number }[] = [
    { status: "pending", actor: "customer", at: created },
  ];
  let at = created;
  path.forEach((s, i) => {
    const usual =
      s === "processing" ? random.int(2, 20) * HOUR : s === "shipped" ? random.int(1, 2) * DAY : random.int(2, 4) * DAY;
    at = Math.min(at + usual, created + (age * (i + 1)) / (path.length + 1));
    const byCustomer = s === "cancelled" && path.length === 1 && random.chance(0.5);
    steps.push({ status: s, actor: byCustomer ? "customer" : "admin", at });
  });
  return steps;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Parcels handed to a courier carry its name, a tracking number and the times of each step. */
function demoShipping(i: number, steps: { status: OrderStatus; at: number }[]) {
  const at = (status: OrderStatus) => {
    const step = steps.find((s) => s.status === status);
    return step ? iso(step.at) : null;
  };
  const shippedAt = at("shipped");
  if (!shippedAt) return {};
  const courier = DEMO_COURIERS[i % DEMO_COURIERS.length];
  const trackingNumber = `${courier.prefix}${String(7_100_000_000 + i * 7919).slice(0, 10)}`;
  return {
    courier: courier.name,
    trackingNumber,
    trackingUrl: trackingUrlFor(courier.name, trackingNumber),
    shippedAt,
    deliveredAt: at("delivered"),
    returnedAt: at("returned"),
  };
}

const DEMO_COURIERS = [
  { name: "Leopards", prefix: "LE" },
  { name: "TCS", prefix: "" },
  { name: "PostEx", prefix: "CX-" },
];

function daysAgoOf(random: Random, index: number): number {
  // A busy fortnight up front, then 18 months that grow busier towards today.
  if (index < 24) return random.next() * 14;
  return 14 + 526 * Math.pow(random.next(), 1.4);
}

/** ~150 orders over the last 18 months in every status, some of them reviewed. */
export function planDemoOrders(random: Random, products: SeededProduct[], now: number, count = 150): DemoOrderRows {
  const customers: DemoCustomer[] = makeCustomers(random, 70);
  const rows: DemoOrderRows = { orders: [], items: [], events: [], reviews: [] };
  const oldestFirst = [...products].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  for (let i = 0; i < count; i++) {
    const created = Math.round(now - daysAgoOf(random, i) * DAY);
    const status = statusFor(random, (now - created) / DAY);
    // Repeat customers: the first few in the list order again and again.
    const customer = customers[Math.floor(customers.length * Math.pow(random.next(), 1.6))];
    const onSale = products.filter((p) => p.createdAt.getTime() <= created);
    const pool = onSale.length >= 3 ? onSale : oldestFirst.slice(0, 4);
    const itemCount = Math.min(pool.length, random.chance(0.6) ? 1 : random.chance(0.75) ? 2 : 3);
    const chosen = new Set<SeededProduct>();
    while (chosen.size < itemCount) chosen.add(random.pick(pool));

    const id = randomUUID();
    let total = 0;
    for (const p of chosen) {
      const quantity = random.chance(0.8) ? 1 : random.chance(0.85) ? 2 : 3;
      const color = random.pick(p.colors);
      const image = p.imageOf(color);
      total += p.price * quantity;
      rows.items.push({
        orderId: id,
        productId: p.id,
        productName: p.name,
        category: p.category,
        quantity,
        size: random.pick(p.sizes),
        color,
        price: p.price.toFixed(2),
        selectedImage: image ? JSON.stringify(image) : null,
      });
    }
    rows.orders.push({
      id,
      createdAt: iso(created),
      status,
      customerName: customer.name,
      customerPhone: customer.phone,
      phoneKey: phoneKey(customer.phone),
      customerEmail: customer.email,
      shippingAddress: customer.address,
      city: customer.city,
      postalCode: customer.postalCode,
      specialInstructions: random.chance(0.2) ? random.pick(SPECIAL_INSTRUCTIONS) : "",
      subtotal: total.toFixed(2),
      tax: "0",
      total: total.toFixed(2),
      paymentMethod: "cod",
    });
    const steps = timeline(random, status, created, now);
    Object.assign(rows.orders[rows.orders.length - 1], demoShipping(i, steps));
    for (const s of steps) rows.events.push({ orderId: id, status: s.status, actor: s.actor, createdAt: iso(s.at) });

    if (status === "delivered") {
      const deliveredAt = steps[steps.length - 1].at;
      for (const p of chosen) {
        if (!random.chance(0.35)) continue;
        const rating = random.chance(0.55) ? 5 : random.chance(0.78) ? 4 : 3;
        rows.reviews.push({
          productId: p.id,
          orderId: id,
          customerName: customer.name,
          rating,
          reviewText: random.chance(0.9) ? random.pick(REVIEW_TEXTS[rating]) : "",
          images: [],
          createdAt: iso(Math.min(now - HOUR, deliveredAt + random.int(1, 5) * DAY)),
        });
      }
    }
  }
  return rows;
}
