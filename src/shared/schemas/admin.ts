import { z } from "zod";
import { ORDER_STATUSES } from "../rules/order-status.js";

export const loginInput = z.object({
  username: z.string().trim().min(1, "Enter your username").max(100),
  password: z.string().min(1, "Enter your password").max(200),
});
export const adminSession = z.object({ username: z.string(), role: z.enum(["owner", "agent"]) });

const money = z.number();
/** percent: share of the non-cancelled revenue, rounded to 2 decimals (0 when there is none). */
const statusBlock = z.object({ count: z.number().int(), amount: money, percent: z.number() });

/**
 * Where the revenue of counted orders (neither cancelled nor returned) came from (decision 024):
 * goods at the prices sold (sale prices), less code discounts, plus delivery and COD fees, make
 * the total (the spec's revenue). saleDiscount is what sales took off the regular prices: already
 * out of goods, said on its own.
 */
const revenueParts = z.object({
  goods: money,
  saleDiscount: money,
  discount: money,
  deliveryFees: money,
  codFees: money,
  total: money,
});

/** shipped: orders (or, per product, order lines) handed to a courier; rate: returned ÷ shipped in percent, 2 decimals. */
const rtoFigures = z.object({ shipped: z.number().int(), returned: z.number().int(), rate: z.number() });

/**
 * Parcels a courier failed to deliver at least once: how many attempts failed, and what became of
 * the parcels (delivered after all, returned, still on the road); the rates are percentages of
 * the parcels, two decimals.
 */
const attemptFigures = z.object({
  parcels: z.number().int(),
  attempts: z.number().int(),
  delivered: z.number().int(),
  returned: z.number().int(),
  onTheRoad: z.number().int(),
  deliveredRate: z.number(),
  returnedRate: z.number(),
});

/**
 * GET /api/admin/analytics?year=&month= : everything the Overview tab shows. Cancelled orders
 * never count. Months and years are the store's local time (Asia/Karachi). Categories are the
 * raw category names of the items at order time (the client labels them).
 */
export const analytics = z.object({
  totals: z.object({
    totalProducts: z.number().int(),
    totalOrders: z.number().int(),
    pendingOrders: z.number().int(),
    totalRevenue: money,
    dominatingCategory: z.string().nullable(),
  }),
  revenueByStatus: z.object({
    pending: statusBlock,
    processing: statusBlock,
    shipped: statusBlock,
    delivered: statusBlock,
    totalExcludingCancelled: money,
    cancelledCount: z.number().int(),
    /** Returned parcels earned nothing: their own line, outside the total. */
    returned: z.object({ count: z.number().int(), amount: money }),
  }),
  /** Goods, discounts and fees apart: all time, and in the chosen year. */
  revenueParts: z.object({ allTime: revenueParts, year: revenueParts }),
  /** Return-to-origin: returned ÷ handed to a courier (shipped, delivered or returned). */
  returnToOrigin: z.object({
    overall: rtoFigures,
    byCity: z.array(rtoFigures.extend({ city: z.string() })),
    byCourier: z.array(rtoFigures.extend({ courier: z.string() })),
    byProduct: z.array(rtoFigures.extend({ productId: z.number().int(), productName: z.string() })),
  }),
  /** Failed delivery attempts, overall, per city (the most parcels first) and per courier. */
  deliveryAttempts: z.object({
    overall: attemptFigures,
    byCity: z.array(attemptFigures.extend({ city: z.string() })),
    byCourier: z.array(attemptFigures.extend({ courier: z.string() })),
  }),
  topProducts: z.array(
    z.object({ productId: z.number().int(), productName: z.string(), quantity: z.number().int(), revenue: money }),
  ),
  topVariants: z.array(
    z.object({
      productId: z.number().int(),
      productName: z.string(),
      /** The variant still sold with these options (null when dropped since or recorded without one). */
      variantId: z.number().int().nullable(),
      options: z.record(z.string(), z.string()),
      /** The variant's name, "Stitched / M / Red" ("One size" for a product without options). */
      variant: z.string(),
      /** The spec's fields: the Color and Size values, or "No Color" / "No Size". */
      color: z.string(),
      size: z.string(),
      quantity: z.number().int(),
      revenue: money,
    }),
  ),
  /** 12 entries, Jan..Dec of `year`. */
  salesPerMonth: z.array(z.object({ month: z.string(), revenue: money, orders: z.number().int() })),
  /** The chosen month in every year that has orders. */
  monthAcrossYears: z.array(z.object({ year: z.number().int(), revenue: money, orders: z.number().int() })),
  salesPerYear: z.array(z.object({ year: z.number().int(), revenue: money, orders: z.number().int() })),
  categoryPerformance: z.array(
    z.object({
      category: z.string(),
      revenue: money,
      itemsSold: z.number().int(),
      averagePerItem: money,
      top: z.boolean(),
    }),
  ),
  /** Years that have orders, plus the current and the chosen year; ascending. */
  years: z.array(z.number().int()),
  year: z.number().int(),
  month: z.number().int(),
});
export type Analytics = z.infer<typeof analytics>;

export const analyticsQuery = z.object({
  year: z.coerce
    .number({ message: "Year must be a year from 2000 to 2100" })
    .int("Year must be a year from 2000 to 2100")
    .min(2000, "Year must be a year from 2000 to 2100")
    .max(2100, "Year must be a year from 2000 to 2100")
    .optional(),
  month: z.coerce
    .number({ message: "Month must be a number from 1 to 12" })
    .int("Month must be a number from 1 to 12")
    .min(1, "Month must be a number from 1 to 12")
    .max(12, "Month must be a number from 1 to 12")
    .optional(),
});

/** email is '' when the customer gave none (the client shows 'N/A'); lastOrderDate is ISO. */
export const customer = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  city: z.string(),
  orderCount: z.number().int(),
  totalSpent: money,
  averageOrder: money,
  lastOrderDate: z.string(),
});
export type Customer = z.infer<typeof customer>;

/** GET /api/admin/customers: everything the Customers tab shows. */
export const customersReport = z.object({
  totalCustomers: z.number().int(),
  repeatCustomers: z.number().int(),
  repeatPercent: z.number(),
  averageOrderValue: money,
  totalOrders: z.number().int(),
  topCustomers: z.array(customer),
  /** Every customer by spend, at most CUSTOMERS_TABLE_MAX of them. */
  customers: z.array(customer),
  /** True when there are more customers than `customers` holds. */
  customersTruncated: z.boolean(),
  distribution: z.object({
    oneTime: z.number().int(),
    twoToThree: z.number().int(),
    fourToFive: z.number().int(),
    vip: z.number().int(),
  }),
  topCities: z.array(z.object({ city: z.string(), customers: z.number().int() })),
});
export const CUSTOMERS_TABLE_MAX = 1000;
export type CustomersReport = z.infer<typeof customersReport>;

/** GET /api/admin/orders.csv?status= : one status, or every order ('all' or absent). */
export const ordersCsvQuery = z.object({
  status: z
    .enum(["all", ...ORDER_STATUSES], { message: `Status must be all or one of: ${ORDER_STATUSES.join(", ")}` })
    .optional(),
});
