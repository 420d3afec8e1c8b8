import { sql, type SQL } from "drizzle-orm";
import { CUSTOMERS_TABLE_MAX, type Customer, type CustomersReport } from "@shared/schemas/admin.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { inReportSnapshot, isoTime, money, num } from "./sql-rows.js";

const TOP_CUSTOMERS = 10;
const TOP_CITIES = 5;

/**
 * Where the customers come from: one row per customer (orders grouped by normalised phone,
 * cancelled ones left out) with (phone_key, order_count, total_spent, last_order, name, phone,
 * email, address, city), the contact details being those of the customer's latest order.
 * `materialized` when the query is costly enough to compute once for the report's three parts.
 */
export interface CustomersSource {
  customers: SQL;
  materialized: boolean;
}

/** The roll-up the database keeps up to date (decision 005); its rank index serves the table. */
export const CUSTOMERS_ROLLUP: CustomersSource = {
  customers: sql`select phone_key, order_count, total_spent, last_order, name, phone, email, address, city
                 from report_customers where order_count > 0`,
  materialized: false,
};

/**
 * The three parts of the report, read in one statement as JSON: one pass over the customers
 * grouped by city spelling (a few dozen groups) gives the summary and the cities; the table is
 * the first rows in its order.
 */
function reportQuery({ customers, materialized }: CustomersSource): SQL {
  return sql`
  with customers as ${sql.raw(materialized ? "materialized" : "not materialized")} (${customers}),
  spellings as materialized (
    select report_city(city) as city_key, trim(city) collate "C" as city, count(*) as customers,
           count(*) filter (where order_count > 1) as repeat,
           count(*) filter (where order_count = 1) as one_time,
           count(*) filter (where order_count between 2 and 3) as two_to_three,
           count(*) filter (where order_count between 4 and 5) as four_to_five,
           count(*) filter (where order_count >= 6) as vip,
           sum(order_count) as orders, sum(total_spent) as revenue
    from customers group by 1, 2
  )
  select
    (select json_build_object(
       'customers', coalesce(sum(customers), 0),
       'repeat', coalesce(sum(repeat), 0),
       'oneTime', coalesce(sum(one_time), 0),
       'twoToThree', coalesce(sum(two_to_three), 0),
       'fourToFive', coalesce(sum(four_to_five), 0),
       'vip', coalesce(sum(vip), 0),
       'orders', coalesce(sum(orders), 0),
       'revenue', coalesce(sum(revenue), 0))
     from spellings) as summary,
    (select coalesce(json_agg(t order by t.total_spent desc, t.last_order desc, t.phone_key), '[]'::json)
     from (select * from customers order by total_spent desc, last_order desc, phone_key limit ${CUSTOMERS_TABLE_MAX + 1}) t) as table,
    -- 'Lahore', 'lahore ' and 'LAHORE' are one city, shown in its most used spelling (a tie goes
    -- to the capitalised one: byte order, whatever the database's collation).
    (select coalesce(json_agg(c order by c.customers desc, c.city), '[]'::json)
     from (select * from (
             select distinct on (city_key) city, sum(customers) over (partition by city_key)::int as customers
             from spellings
             order by city_key, spellings.customers desc, city) per_city
           order by customers desc, city asc limit ${TOP_CITIES}) c) as cities`;
}

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

/** The Customers tab, computed by the database from the customers roll-up: no order is read. */
export async function computeCustomers(db: Db, source: CustomersSource = CUSTOMERS_ROLLUP): Promise<CustomersReport> {
  const [row] = await inReportSnapshot(db, (tx) =>
    queryRows<{ summary: unknown; table: unknown; cities: unknown }>(tx, reportQuery(source)),
  );
  const s = readJson<Record<string, unknown>>(row.summary);
  const table = readJson<CustomerRow[]>(row.table);
  const cities = readJson<Array<{ city: string; customers: unknown }>>(row.cities);
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
      oneTime: num(s.oneTime),
      twoToThree: num(s.twoToThree),
      fourToFive: num(s.fourToFive),
      vip: num(s.vip),
    },
    topCities: cities.map((r) => ({ city: r.city, customers: num(r.customers) })),
  };
}

/** Both drivers parse json columns; a string is decoded in case one ever does not. */
function readJson<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
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
