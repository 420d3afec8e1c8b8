interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
}

type PixelWindow = Window & { fbq?: Fbq; _fbq?: Fbq };

/**
 * Meta's pixel set up as its base code does it (an `fbq` that queues calls until Meta's script
 * takes them, then `init` with the pixel id), written here rather than inline so the page's
 * Content-Security-Policy needs no inline script. Answers the function that sends one event.
 */
export function startPixel(settings: { id: string; script: string }) {
  const w = window as PixelWindow;
  if (!w.fbq) {
    const fbq = function (...args: unknown[]) {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    } as Fbq;
    fbq.queue = [];
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = "2.0";
    w.fbq = fbq;
    w._fbq ??= fbq;
    const script = document.createElement("script");
    script.async = true;
    script.src = settings.script;
    document.head.appendChild(script);
    fbq("init", settings.id);
  }
  const fbq = w.fbq;
  return (event: string, data: Record<string, unknown>, eventId: string) =>
    fbq("track", event, data, { eventID: eventId });
}
