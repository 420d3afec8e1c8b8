/**
 * Pakistani couriers the store knows by name, with their public tracking pages. Any other courier
 * may still be typed in by hand; its parcels then carry no tracking link.
 */
export const KNOWN_COURIERS = [
  {
    name: "Leopards",
    aliases: ["leopards", "leopard", "lcs", "leopards courier"],
    page: "https://www.leopardscourier.com/tracking?tracking_number=",
  },
  { name: "TCS", aliases: ["tcs", "tcs express"], page: "https://www.tcsexpress.com/track/" },
  { name: "PostEx", aliases: ["postex", "post ex", "post-ex"], page: "https://postex.pk/tracking?cn=" },
  { name: "Trax", aliases: ["trax", "sonic"], page: "https://sonic.pk/tracking?tracking_number=" },
  {
    name: "M&P",
    aliases: ["m&p", "mnp", "m & p", "mulphilog"],
    page: "https://www.mulphilog.com/track-shipment.php?cn=",
  },
] as const;

export const COURIER_NAME_MAX = 60;
export const TRACKING_NUMBER_MAX = 60;

function known(courier: string) {
  const key = courier.trim().toLowerCase().replace(/\s+/g, " ");
  return KNOWN_COURIERS.find((c) => (c.aliases as readonly string[]).includes(key));
}

/** 'leopards ' → 'Leopards'; an unknown courier keeps its own spelling, trimmed. */
export function courierName(courier: string): string {
  return known(courier)?.name ?? courier.trim().replace(/\s+/g, " ");
}

/** The courier's public tracking page for this parcel, or null for a courier the store does not know. */
export function trackingUrlFor(courier: string, trackingNumber: string): string | null {
  const c = known(courier);
  const number = trackingNumber.trim();
  if (!c || !number) return null;
  return `${c.page}${encodeURIComponent(number)}`;
}
