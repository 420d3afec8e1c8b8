import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatRs } from "@shared/rules/money.js";

export interface WeekPoint {
  label: string;
  expected: number;
  received: number;
}

const compact = new Intl.NumberFormat("en-PK", { notation: "compact", maximumFractionDigits: 1 });

/** Cash expected (delivered) beside cash received, per week (recharts lives only in this lazy chunk). */
export default function WeeklyCashChart({ data }: { data: WeekPoint[] }) {
  return (
    <div className="h-64 w-full" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -8 }}>
          <CartesianGrid vertical={false} stroke="#1f1a1714" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fontSize: 12, fill: "#6b625b" }} />
          <YAxis
            tickLine={false}
            axisLine={false}
            tick={{ fontSize: 11, fill: "#6b625b" }}
            tickFormatter={(v: number) => compact.format(v)}
            width={48}
          />
          <Tooltip
            formatter={(value, name) => [formatRs(Number(value)), name === "expected" ? "Expected" : "Received"]}
            contentStyle={{ borderRadius: 12, border: "1px solid #1f1a1714", fontSize: 13 }}
          />
          <Legend formatter={(name) => (name === "expected" ? "Expected" : "Received")} />
          <Bar dataKey="expected" fill="#e8c9a0" radius={[6, 6, 0, 0]} maxBarSize={28} isAnimationActive={false} />
          <Bar dataKey="received" fill="#b4536a" radius={[6, 6, 0, 0]} maxBarSize={28} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
