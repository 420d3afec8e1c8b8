/**
 * The store sells in Pakistan: a month or a year of sales is Pakistan's (UTC+5, no DST), not the
 * server's, so an order placed at 1 a.m. on the 1st in Lahore counts for that month wherever the
 * server runs.
 */
export const STORE_TIME_ZONE = "Asia/Karachi";

export const MONTH_LABELS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** Year, month (1-12), day and time of an instant in the store's time zone. */
export function storeClock(at: Date = new Date()): { year: number; month: number; date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: STORE_TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}
