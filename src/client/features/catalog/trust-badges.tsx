import { BadgeCheck, Headset, RotateCcw, Truck } from "lucide-react";
import { deliveryBadge } from "@shared/rules/fees.js";
import { useSiteSettings } from "@client/lib/settings-api";

const BADGES = [
  { Icon: RotateCcw, title: "7 Day Returns", text: "Easy exchanges" },
  { Icon: BadgeCheck, title: "Authentic Products", text: "Quality assured" },
  { Icon: Headset, title: "24/7 Support", text: "On WhatsApp" },
];

export function TrustBadges() {
  // Says what the delivery settings in force make true: "Free Delivery" (the spec's badge), "Free Delivery over Rs. 5,000".
  const { delivery } = useSiteSettings();
  const badges = [{ Icon: Truck, title: deliveryBadge(delivery), text: "Across Pakistan" }, ...BADGES];
  return (
    <ul className="grid grid-cols-2 gap-3">
      {badges.map(({ Icon, title, text }) => (
        <li key={title} className="flex items-center gap-3 rounded-2xl bg-white p-3 ring-1 ring-ink/5">
          <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-sand/40 text-ink">
            <Icon className="h-5 w-5" aria-hidden />
          </span>
          <span>
            <span className="block text-sm font-semibold">{title}</span>
            <span className="block text-xs text-muted">{text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
