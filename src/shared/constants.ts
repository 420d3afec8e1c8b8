/** Business constants of SPEC.md §9, in one place for the client and the server. */
export const SIZES = ["S", "M", "L", "XL", "XXL", "Free Size"] as const;
export const COLORS = ["Red", "Blue", "Green", "Yellow", "Pink", "Purple", "Black", "White"] as const;
export const PRICE_RANGES = [
  { value: "0-3000", label: "Under Rs. 3,000", min: 0, max: 3000 },
  { value: "3000-6000", label: "Rs. 3,000 – 6,000", min: 3000, max: 6000 },
  { value: "6000+", label: "Rs. 6,000 and above", min: 6000, max: null },
] as const;
export type PriceRange = (typeof PRICE_RANGES)[number]["value"];

/** Products per page of the shop, a collection and search (GET /api/products?page=). */
export const PRODUCT_PAGE_SIZE = 24;
/** The largest pageSize GET /api/products accepts. */
export const PRODUCT_PAGE_MAX = 100;

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024; // 10485760
export const MAX_IMAGES_PER_GROUP = 5;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const ADMIN_IMAGE_MAX_PX = 800;
export const REVIEW_IMAGE_MAX_PX = 1920;
export const REVIEW_TEXT_MAX = 1000;
export const MIN_PHONE_LENGTH = 10;
export const MIN_ADDRESS_LENGTH = 10;

export const HOME_NEW_ARRIVALS = 8;
export const HOME_FEATURED_COLLECTIONS = 6;
/**
 * The hero coverflow shows the newest product of each category, up to this many (the newest
 * categories first). Every slide is a 3D layer the phone recomposes at each turn: with 40 slides a
 * 4x-slowed phone had 50-200 ms tasks at every turn, every 4 s, for good; with 12, none.
 */
export const HOME_HERO_SLIDES = 12;
export const AUTOPLAY_MS = 4000;
export const ORDER_REDIRECT_MS = 3000;
export const MAX_SWATCHES = 3;

export const SETTING_KEYS = [
  "hero_title",
  "hero_subtitle",
  "hero_image",
  "site_name",
  "site_tagline",
  "cod_max_order_total",
  "cod_max_open_orders_per_phone",
  "cod_cities",
  "delivery_fee",
  "delivery_fee_by_city",
  "free_delivery_over",
  "cod_fee",
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export const SETTING_DEFAULTS: Record<SettingKey, unknown> = {
  hero_title: "Premium Fashion Collection",
  hero_subtitle: "Discover our exquisite range of premium clothing crafted for the modern woman",
  hero_image: null,
  site_name: "Zaiba",
  site_tagline: "Elegance, delivered across Pakistan",
  cod_max_order_total: "",
  cod_max_open_orders_per_phone: "",
  cod_cities: "",
  delivery_fee: "",
  delivery_fee_by_city: "",
  free_delivery_over: "",
  cod_fee: "",
};

/** Image renditions served under /api/images/{id}/{variant}. */
export const IMAGE_VARIANTS = { thumb: 160, card: 480 } as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;

export const ADMIN_ORDERS_PAGE_MAX = 100;
