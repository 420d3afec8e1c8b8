/** Where an order came from (CONTRACT part two, `source`); web orders are `web`. */
export const ORDER_SOURCES = ["web", "whatsapp", "instagram", "facebook", "phone", "other"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** The channels a staff member takes an order from by hand. */
export const MANUAL_ORDER_SOURCES = ["whatsapp", "instagram", "facebook", "phone", "other"] as const;

export const SOURCE_LABELS: Record<OrderSource, string> = {
  web: "Website",
  whatsapp: "WhatsApp",
  instagram: "Instagram",
  facebook: "Facebook",
  phone: "Phone",
  other: "Other",
};
