import { describe, expect, it } from "vitest";
import type { CartItem } from "@shared/schemas/cart.js";
import { placeOrderInput } from "@shared/schemas/orders.js";
import { groupCartLines } from "@client/lib/cart/cart-groups";
import { checkoutLines, formFieldErrors, orderPayload, parseItemsParam } from "./checkout-items";

const line = (id: number, quantity = 1, price = "1500.00"): CartItem => ({
  id,
  productId: 3,
  quantity,
  size: "S",
  color: "Black",
  selectedImage: null,
  sessionId: "x",
  product: { name: "Lawn Suit", sku: "LS-3", price, images: [] },
});

const form = {
  firstName: " Ayesha ",
  lastName: "Khan",
  phone: "0300 1234567",
  email: "",
  address: "House 12, Street 4, Model Town",
  city: "Lahore",
  postalCode: "",
  specialInstructions: "",
  paymentMethod: "cod" as const,
};

describe("parseItemsParam", () => {
  it("reads the JSON list of cart lines the cart puts in the URL", () => {
    expect(parseItemsParam(JSON.stringify([line(1)]))?.[0].id).toBe(1);
  });

  it("gives null for a missing, broken or wrongly shaped parameter", () => {
    expect(parseItemsParam(null)).toBeNull();
    expect(parseItemsParam("[{")).toBeNull();
    expect(parseItemsParam(JSON.stringify([{ id: "x" }]))).toBeNull();
  });
});

describe("checkoutLines", () => {
  it("uses the cart when no items were passed", () => {
    expect(checkoutLines(null, [line(1), line(2)])).toHaveLength(2);
    expect(checkoutLines(null, undefined)).toEqual([]);
  });

  it("takes passed lines with the cart's fresh data and drops those that left the cart", () => {
    const fresh = checkoutLines([line(1, 1), line(9, 1)], [line(1, 4), line(2)]);
    expect(fresh.map((l) => [l.id, l.quantity])).toEqual([[1, 4]]);
  });

  it("keeps the passed lines as they are when the cart could not be read", () => {
    expect(checkoutLines([line(9, 3)], undefined).map((l) => l.quantity)).toEqual([3]);
  });
});

describe("orderPayload", () => {
  it("builds the spec's payload, which the server's schema accepts", () => {
    const payload = orderPayload(
      form,
      groupCartLines([line(1, 2), line(2, 1)]),
      "0b5c2f1e-8a4b-4c1d-9e2f-3a4b5c6d7e8f",
    );
    expect(payload.customerName).toBe("Ayesha Khan");
    expect(payload).not.toHaveProperty("customerEmail");
    expect(payload.items).toEqual([
      {
        productId: 3,
        productName: "Lawn Suit",
        quantity: 3,
        size: "S",
        color: "Black",
        price: 1500,
        selectedImage: null,
      },
    ]);
    // The server prices the order: the browser sends no amount of its own (decision 022).
    expect(payload).not.toHaveProperty("subtotal");
    expect(payload).not.toHaveProperty("total");
    expect(placeOrderInput.safeParse(payload).success).toBe(true);
  });
});

describe("orderPayload with variants", () => {
  it("names each line's variant, and keeps two variants of one size and colour apart", () => {
    const stitched = { ...line(1), variantId: 11, options: { Make: "Stitched", Size: "S", Color: "Black" } };
    const unstitched = { ...line(2), variantId: 12, options: { Make: "Unstitched", Size: "S", Color: "Black" } };
    const payload = orderPayload(form, groupCartLines([stitched, unstitched]), "0b5c2f1e-8a4b-4c1d-9e2f-3a4b5c6d7e8f");
    expect(payload.items.map((i) => [(i as { variantId?: number }).variantId, i.quantity])).toEqual([
      [11, 1],
      [12, 1],
    ]);
  });
});

describe("formFieldErrors", () => {
  it("maps the server's payload fields onto the form's fields and skips the rest", () => {
    expect(formFieldErrors({ customerPhone: "too short", shippingAddress: "short", items: "x" })).toEqual([
      ["phone", "too short"],
      ["address", "short"],
    ]);
  });
});
