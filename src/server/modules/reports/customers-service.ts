import { sql } from "drizzle-orm";
import { CUSTOMERS_TABLE_MAX, type Customer, type CustomersReport } from "@shared/schemas/admin.js";
import type { Db } from "../../db/client.js";
import { isoTime, money, num, queryRows } from "./sql-rows.js";

const TOP_CUSTOMERS = 10;
const TOP_CITIES = 5;

/**
 * One row per customer (orders grouped by normalised phone, cancelled ones left out), with the
 * contact details of the customer's latest order. A CTE so totals, the table and the cities all
 * read the same grouping.
 */
const CUSTOMERS = sql`
  with customers as (
    select o.phone_key,
           count(*)::int as order_count,
           sum(o.total) as total_spent,
           max(o.created_at) as last_order,
           (array_agg(o.customer_name order by o.created_at desc, o.id))[1] as name,
           (array_agg(o.customer_phone order by o.created_at desc, o.id))[1] as phone,
           (array_agg(o.customer_email order by o.created_at desc, o.id))[1] as email,
           (array_agg(o.shipping_address order by o.created_at desc, o.id))[1] as address,
           (array_agg(o.city order by o.created_at desc, o.id))[1] as city
    from orders o where o.status <> 'cancelled'
    group by o.phone_key
  )`;

type CustomerRow = {
  order_count: unknown;
  total_spent: unknown;
  last_order: unknown;
  name: string;
  phone: string;
  email: string;
  address: string;
  city: string;
};

/** The Customers tab, computed by the database. */
export async function computeCustomers(db: Db): Promise<CustomersReport> {
  const [summary, table, cities] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`${CUSTOMERS}
          select count(*)::int as customers,
                 count(*) filter (where order_count > 1)::int as repeat,
                 count(*) filter (where order_count = 1)::int as one_time,
                 count(*) filter (where order_count between 2 and 3)::int as two_to_three,
                 count(*) filter (where order_count between 4 and 5)::int as four_to_five,
                 count(*) filter (where order_count >= 6)::int as vip,
                 coalesce(sum(order_count), 0)::int as orders,
                 coalesce(sum(total_spent), 0) as revenue
          from customers`,
    ),
    queryRows<CustomerRow>(
      db,
      sql`${CUSTOMERS} select * from customers
          order by total_spent desc, last_order desc, phone_key asc limit ${CUSTOMERS_TABLE_MAX + 1}`,
    ),
    queryRows<{ city: string; customers: unknown }>(
      db,
      // 'Lahore', 'lahore ' and 'LAHORE' are one city, shown in its most used spelling (a tie goes
      // to the capitalised one: byte order, whatever the database's collation).
      sql`${CUSTOMERS} select mode() within group (order by trim(city) collate "C") as city, count(*)::int as customers
          from customers group by lower(trim(city))
          order by customers desc, city asc limit ${TOP_CITIES}`,
    ),
  ]);

  const s = summary[0] ?? {};
  const totalCustomers = num(s.customers);
  const totalOrders = num(s.orders);
  const customers = table.slice(0, CUSTOMERS_TABLE_MAX).map(toCustomer);
  return {
    totalCustomers,
    repeatCustomers: num(s.repeat),
    repeatPercent: totalCustomers ? Math.round((num(s.repeat) / totalCustomers) * 10000) / 100 : 0,
    averageOrderValue: totalOrders ? money(num(s.revenue) / totalOrders) : 0,
    totalOrders,
    topCustomers: customers.slice(0, TOP_CUSTOMERS),
    customers,
    customersTruncated: table.length > CUSTOMERS_TABLE_MAX,
    distribution: {
      oneTime: num(s.one_time),
      twoToThree: num(s.two_to_three),
      fourToFive: num(s.four_to_five),
      vip: num(s.vip),
    },
    topCities: cities.map((r) => ({ city: r.city, customers: num(r.customers) })),
  };
}

function toCustomer(r: CustomerRow): Customer {
  const orderCount = num(r.order_count);
  const totalSpent = money(r.total_spent);
  return {
    name: r.name,
    phone: r.phone,
    email: r.email,
    address: r.address,
    city: r.city,
    orderCount,
    totalSpent,
    averageOrder: orderCount ? money(totalSpent / orderCount) : 0,
    lastOrderDate: isoTime(r.last_order),
  };
}
