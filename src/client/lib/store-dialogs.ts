import { createContext, useContext } from "react";

/** The storefront's two global dialogs, opened from the navigation, the home page and product pages. */
export interface StoreDialogs {
  openTracking(): void;
  /**
   * Opens the three-step review dialog, optionally for one product (the product page's button), and
   * with the WhatsApp review link's token, which proves the order in place of its number.
   */
  openReview(productId?: number, reviewToken?: string): void;
}

/** Provided by app/store-dialogs-provider.tsx, which composes the tracking and review features. */
export const StoreDialogsContext = createContext<StoreDialogs | null>(null);

export function useStoreDialogs(): StoreDialogs {
  const value = useContext(StoreDialogsContext);
  if (!value) throw new Error("useStoreDialogs outside StoreDialogsProvider");
  return value;
}
