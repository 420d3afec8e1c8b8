const grouping = new Intl.NumberFormat("en-PK", { maximumFractionDigits: 0 });

/** 'Rs. 12,500': the store's price format (whole rupees, thousands separators). */
export function formatRs(amount: string | number): string {
  return `Rs. ${grouping.format(Math.round(Number(amount) || 0))}`;
}

/** PKR amounts travel as numeric strings with two decimals, like the database holds them. */
export function toMoneyString(amount: number): string {
  return (Math.round(amount * 100) / 100).toFixed(2);
}
