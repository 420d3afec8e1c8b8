import { useEffect } from "react";
import { META_CONTENT_TYPE, metaContentId } from "@shared/rules/meta-ads.js";
import { whenIdle } from "@client/lib/when-idle";

/** The pixel's browser events (Meta's standard events); the Purchase is the server's, on confirmation. */
export type PixelEvent = "PageView" | "ViewContent" | "AddToCart" | "InitiateCheckout";

type Send = (event: PixelEvent, data: Record<string, unknown>, eventId: string) => void;

interface PixelSettings {
  id: string;
  script: string;
}

let waiting: [PixelEvent, Record<string, unknown>, string][] = [];
let send: Send | null = null;
let starting = false;

/** The pixel the server named in the page (`<meta name="meta-pixel">`); none: the pixel is off. */
function pixelSettings(): PixelSettings | null {
  if (typeof document === "undefined") return null;
  const tag = document.querySelector<HTMLMetaElement>('meta[name="meta-pixel"]');
  return tag?.content ? { id: tag.content, script: tag.dataset.script ?? "" } : null;
}

/** An id for one event, sent as the pixel's eventID so a server event of the same action is counted once. */
const newEventId = (event: PixelEvent) =>
  `${event}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 10)}`;

/**
 * Tells the pixel about a shopper's step. Nothing happens while the pixel is off. The pixel's
 * code (and Meta's script) loads only once the page has loaded and the browser is idle, so it
 * takes nothing from the first paint; events before that wait for it.
 */
export function trackPixel(event: PixelEvent, data: Record<string, unknown> = {}): void {
  const settings = pixelSettings();
  if (!settings) return;
  const eventId = newEventId(event);
  if (send) return send(event, data, eventId);
  waiting.push([event, data, eventId]);
  if (starting) return;
  starting = true;
  whenIdle(() => {
    void import("./pixel-loader").then(({ startPixel }) => {
      send = startPixel(settings);
      for (const [e, d, id] of waiting) send(e, d, id);
      waiting = [];
    });
  });
}

/** A PageView for each storefront page the shopper opens. */
export function usePixelPageView(pathname: string): void {
  useEffect(() => trackPixel("PageView"), [pathname]);
}

/** What the pixel's events say about products: Meta's content ids (the feed's item groups), prices in PKR. */
export function productEventData(
  lines: { productId: number; quantity: number; price?: string }[],
): Record<string, unknown> {
  return {
    content_ids: [...new Set(lines.map((l) => metaContentId(l.productId)))],
    content_type: META_CONTENT_TYPE,
    contents: lines.map((l) => ({
      id: metaContentId(l.productId),
      quantity: l.quantity,
      ...(l.price !== undefined ? { item_price: Number(l.price) } : {}),
    })),
    num_items: lines.reduce((n, l) => n + l.quantity, 0),
    currency: "PKR",
  };
}
