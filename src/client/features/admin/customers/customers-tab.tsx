import { Repeat, ShoppingBag, Users, Wallet } from "lucide-react";
import type { Customer } from "@shared/schemas/admin.js";
import { formatRs } from "@shared/rules/money.js";
import { Badge } from "@client/components/ui/badge";
import { Skeleton } from "@client/components/ui/skeleton";
import { errorMessage } from "@client/lib/api";
import { EmptyRow, Panel, ScrollTable } from "@client/components/admin/panel";
import { StatCard } from "@client/components/admin/stat-card";
import { useCustomersReport } from "./customers-api";
import { CustomerInsights } from "./customer-insights";

const day = (iso: string) => (iso ? new Date(iso).toLocaleDateString("en-PK", { dateStyle: "medium" }) : "—");

/** Who buys: headline figures, the ten best customers, everyone, and how they spread. */
export function CustomersTab() {
  const report = useCustomersReport();
  if (report.isPending) return <Skeleton className="h-96 w-full rounded-2xl" />;
  if (report.isError)
    return <p className="rounded-2xl bg-white p-6 text-sm text-red-700">{errorMessage(report.error)}</p>;
  const r = report.data;
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total Customers" value={r.totalCustomers} icon={Users} />
        <StatCard
          label="Repeat Customers"
          value={r.repeatCustomers}
          hint={`${r.repeatPercent.toFixed(1)}% of customers`}
          icon={Repeat}
        />
        <StatCard label="Avg Order Value" value={formatRs(r.averageOrderValue)} icon={Wallet} />
        <StatCard
          label="Total Orders"
          value={r.totalOrders}
          hint="Excluding cancelled and returned"
          icon={ShoppingBag}
        />
      </div>
      <Panel title="Top 10 Customers">
        {r.topCustomers.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">No customers yet.</p>
        ) : (
          <ol className="grid gap-2 sm:grid-cols-2">
            {r.topCustomers.map((c, i) => (
              <li key={c.phone} className="flex items-center gap-3 rounded-xl bg-cream px-3 py-2.5">
                <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-white text-sm font-semibold">
                  {i + 1}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2 truncate font-medium">
                    {c.name}
                    {c.orderCount > 1 && <Badge className="bg-rose/10 text-rose">Repeat</Badge>}
                  </p>
                  <p className="truncate text-xs text-muted">
                    {c.city} · {c.orderCount} {c.orderCount === 1 ? "order" : "orders"}
                  </p>
                </div>
                <span className="font-semibold">{formatRs(c.totalSpent)}</span>
              </li>
            ))}
          </ol>
        )}
      </Panel>
      <Panel title="All Customers">
        <CustomerTable customers={r.customers} />
      </Panel>
      <CustomerInsights report={r} />
    </div>
  );
}

function CustomerTable({ customers }: { customers: Customer[] }) {
  return (
    <ScrollTable label="All customers">
      <thead>
        <tr>
          <th>#</th>
          <th>Name</th>
          <th>Contact</th>
          <th>Location</th>
          <th>Orders</th>
          <th>Total Spent</th>
          <th>Avg Order</th>
          <th>Last Order</th>
        </tr>
      </thead>
      <tbody>
        {customers.length === 0 && <EmptyRow colSpan={8}>No customers yet.</EmptyRow>}
        {customers.map((c, i) => (
          <tr key={c.phone}>
            <td className="text-muted">{i + 1}</td>
            <td className="font-medium">{c.name}</td>
            <td>
              <p>{c.phone}</p>
              <p className="max-w-48 truncate text-xs text-muted">{c.email || "N/A"}</p>
            </td>
            <td>
              <p>{c.city}</p>
              <p className="max-w-56 truncate text-xs text-muted" title={c.address}>
                {c.address}
              </p>
            </td>
            <td>{c.orderCount}</td>
            <td className="whitespace-nowrap font-semibold">{formatRs(c.totalSpent)}</td>
            <td className="whitespace-nowrap">{formatRs(c.averageOrder)}</td>
            <td className="whitespace-nowrap text-muted">{day(c.lastOrderDate)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
