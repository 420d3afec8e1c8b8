import { phoneKey } from "@shared/rules/phone.js";
import type { OrderStatus } from "@shared/rules/order-status.js";
import type { Db } from "../db/client.js";
import { orderItems, orders, products } from "../db/schema.js";

/**
 * Test data for the reports: products and orders written straight into the tables, so the
 * report tests depend on no other module's endpoints.
 */

export interface ProductSeed {
  name?: string;
  category?: string;
  price?: number;
}

export async function insertProduct(
  db: Db,
  seed: ProductSeed = {},
): Promise<{ id: number; name: string; category: string }> {
  const name = seed.name ?? `Product ${Math.random().toString(36).slice(2, 8)}`;
  const category = seed.category ?? "casual";
  const [row] = await db
    .insert(products)
    .values({ name, category, price: String(seed.price ?? 1000), sizes: ["S", "M"], colors: ["Red"] })
    .returning({ id: products.id });
  return { id: row.id, name, category };
}

export interface ItemSeed {
  product: { id: number; name: string; category: string };
  quantity: number;
  price: number;
  size?: string;
  color?: string;
}

export interface OrderSeed {
  items: ItemSeed[];
  status?: OrderStatus;
  /** ISO time; defaults to now. */
  createdAt?: string;
  name?: string;
  phone?: string;
  email?: string;
  address?: string;
  city?: string;
  postalCode?: string;
  /** Defaults to the sum of the items. */
  total?: number;
}

export async function insertOrder(db: Db, seed: OrderSeed): Promise<string> {
  const subtotal = seed.items.reduce((sum, i) => sum + i.price * i.quantity, 0);
  const phone = seed.phone ?? "0300 1234567";
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        createdAt: seed.createdAt ?? new Date().toISOString(),
        status: seed.status ?? "pending",
        customerName: seed.name ?? "Ayesha Khan",
        customerPhone: phone,
        phoneKey: phoneKey(phone),
        customerEmail: seed.email ?? "",
        shippingAddress: seed.address ?? "House 12, Street 4, Gulberg",
        city: seed.city ?? "Lahore",
        postalCode: seed.postalCode ?? "",
        subtotal: subtotal.toFixed(2),
        total: (seed.total ?? subtotal).toFixed(2),
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values(
      seed.items.map((i) => ({
        orderId: order.id,
        productId: i.product.id,
        productName: i.product.name,
        category: i.product.category,
        quantity: i.quantity,
        size: i.size ?? "",
        color: i.color ?? "",
        price: i.price.toFixed(2),
      })),
    );
    return order.id;
  });
}
