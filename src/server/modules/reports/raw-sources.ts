import { sql } from "drizzle-orm";
import type { AnalyticsSource } from "./analytics-service.js";
import type { CustomersSource } from "./customers-service.js";
import { STORE_TIME_ZONE } from "./store-time.js";
import { SHIPPED_OR_LATER, UNEARNED_STATUSES } from "@shared/rules/order-status.js";
import { sqlList } from "../../db/sql-list.js";

/*
 * The reports' figures aggregated straight from orders and order_items on every call, as the
 * reports were computed before the roll-ups (decision 005). Not used by the app: the tests compare
 * the roll-up answers with these, and bench/reports-scale-check.ts times both. Written independently of the
 * migration's SQL helpers, so a mistake there cannot hide in both.
 */

const LOCAL_DAY = sql.raw(`(o.created_at at time zone '${STORE_TIME_ZONE}')::date`);

export const ANALYTICS_FROM_ORDERS: AnalyticsSource = {
  daily: sql`(select ${LOCAL_DAY} as day, o.status, count(*)::int as orders, sum(o.total) as revenue,
                     sum(o.subtotal) as goods, sum(o.discount) as discount, sum(o.sale_discount) as sale_discount,
                     sum(o.delivery_fee) as delivery_fees, sum(o.cod_fee) as cod_fees
              from orders o group by 1, 2)`,
  variants: sql`(select oi.product_id, coalesce(nullif(oi.category, ''), 'uncategorized') as category,
                        case when oi.options <> '{}'::jsonb then oi.options
                             else jsonb_strip_nulls(jsonb_build_object('Size', nullif(trim(oi.size), ''),
                                                                       'Color', nullif(trim(oi.color), '')))
                        end as options,
                        count(*)::int as lines, sum(oi.quantity) as quantity, sum(oi.price * oi.quantity) as revenue
                 from order_items oi join orders o on o.id = oi.order_id where o.status not in ${sqlList(UNEARNED_STATUSES)}
                 group by 1, 2, 3)`,
  shipping: sql`(select regexp_replace(lower(btrim(o.city)), '[[:space:]]+', ' ', 'g') as city,
                        coalesce(btrim(o.courier), '') as courier, o.status, count(*)::int as orders
                 from orders o where o.status in ${sqlList(SHIPPED_OR_LATER)} group by 1, 2, 3)`,
  attempts: sql`(select regexp_replace(lower(btrim(o.city)), '[[:space:]]+', ' ', 'g') as city, d.courier, o.status,
                        count(*)::int as parcels, sum(d.attempts)::int as attempts
                 from delivery_issues d join orders o on o.id = d.order_id group by 1, 2, 3)`,
  productOutcomes: sql`(select oi.product_id, o.status, count(*)::int as lines
                        from order_items oi join orders o on o.id = oi.order_id
                        where o.status in ${sqlList(SHIPPED_OR_LATER)} group by 1, 2)`,
};

export const CUSTOMERS_FROM_ORDERS: CustomersSource = {
  customers: sql`
    with counted as (
      select o.id, o.phone_key, o.created_at, o.total, o.customer_name, o.customer_phone, o.customer_email,
             o.shipping_address, o.city
      from orders o where o.status not in ${sqlList(UNEARNED_STATUSES)}
    ),
    latest as (
      select distinct on (phone_key) phone_key, customer_name as name, customer_phone as phone, customer_email as email,
             shipping_address as address, city
      from counted order by phone_key, created_at desc, id
    )
    select a.*, l.name, l.phone, l.email, l.address, l.city
    from (select phone_key, count(*)::int as order_count, sum(total) as total_spent, max(created_at) as last_order
          from counted group by phone_key) a
    join latest l using (phone_key)`,
  materialized: true,
};
