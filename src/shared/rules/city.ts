/**
 * One city key for every rule and report: "  Lahore  Cantt " and "lahore cantt" are one city
 * (the COD city rule, the delivery fee by city, the courier's city list, the reports). The
 * database's `report_city()` (migration 0007) is the same rule in SQL; a test holds them together.
 */
export function cityKey(city: string): string {
  return city.trim().toLowerCase().replace(/\s+/g, " ");
}
