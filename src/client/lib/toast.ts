import type { ExternalToast } from "sonner";

type Kind = "success" | "error" | "info";

let sonner: Promise<typeof import("sonner")> | undefined;
/** sonner's code, loaded on first use (it is not needed for a page's first paint). */
export const loadSonner = () => (sonner ??= import("sonner"));

const show = (kind: Kind) => (message: string, data?: ExternalToast) => {
  void loadSonner().then((m) => m.toast[kind](message, data));
};

/**
 * The storefront's toasts, with sonner's API. A toast shown before the lazily mounted Toaster
 * subscribes is replayed to it (sonner keeps active toasts for late subscribers).
 */
export const toast = { success: show("success"), error: show("error"), info: show("info") };
