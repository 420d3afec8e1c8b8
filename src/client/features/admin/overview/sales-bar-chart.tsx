import {
  Bar,
  BarChart,
  CartesianGrid,
  Rectangle,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
} from "recharts";
import { formatRs } from "@shared/rules/money.js";

export interface SalesPoint {
  label: string;
  revenue: number;
  orders: number;
}

const compact = new Intl.NumberFormat("en-PK", { notation: "compact", maximumFractionDigits: 1 });

/** Revenue bars (recharts lives only in this lazily loaded chunk). */
export default function SalesBarChart({ data, highlight }: { data: SalesPoint[]; highlight?: string }) {
  return (
    <div className="h-64 w-full" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -8 }}>
          <CartesianGrid vertical={false} stroke="#1f1a1714" />
          <XAxis
            dataKey="label"
            tickLine={false}
            axisLine={false}
            tick={{ fontSize: 12, fill: "#6b625b" }}
            interval={0}
          />
          <YAxis
            tickLine={false}
            axisLine={false}
            tick={{ fontSize: 11, fill: "#6b625b" }}
            tickFormatter={(v: number) => compact.format(v)}
            width={48}
          />
          <Tooltip
            cursor={{ fill: "#b4536a14" }}
            formatter={(value) => [formatRs(Number(value)), "Revenue"]}
            labelFormatter={(label, payload) => {
              const orders = payload?.[0]?.payload?.orders ?? 0;
              return `${label} · ${orders} ${orders === 1 ? "order" : "orders"}`;
            }}
            contentStyle={{ borderRadius: 12, border: "1px solid #1f1a1714", fontSize: 13 }}
          />
          {/* Each bar's colour from its point, not from <Cell> children: recharts keeps those elements
              in its (frozen) store and renders them from there, which only React's renderer allows. */}
          <Bar
            dataKey="revenue"
            radius={[6, 6, 0, 0]}
            maxBarSize={44}
            isAnimationActive={false}
            shape={(bar: BarShapeProps) => (
              <Rectangle {...bar} fill={bar.payload.label === highlight ? "#b4536a" : "#e8c9a0"} />
            )}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
