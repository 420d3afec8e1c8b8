// Static first frames of storefront pages, painted from the server's HTML before any JavaScript
// runs: the same elements with the same classes as the React components that replace them (so
// nothing moves when they do). Every admin-written text goes through escapeHtml.
import { discountPercent } from "@shared/rules/discount.js";
import { IMAGE_SIZES, imageSrcSet, imageVariantUrl } from "@shared/rules/images.js";
import { categoryLabel } from "@shared/rules/labels.js";
import { formatRs } from "@shared/rules/money.js";
import { cssColourName, swatchHex, UNKNOWN_SWATCH } from "@shared/rules/swatches.js";
import { MAX_SWATCHES } from "@shared/constants.js";
import type { ImageRef } from "@shared/schemas/common.js";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** Text and attribute values in HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** What a first frame shows of a product (a Product from the API has these fields and more). */
export interface ShellProduct {
  id: number;
  name: string;
  category: string;
  createdAt: string;
  price: string;
  originalPrice: string | null;
  featured: number;
  colors: string[];
  images: ImageRef[];
}

/** `<img>` attributes of a picture, as ProductImage renders them for a priority image. */
function imgAttributes(
  image: ImageRef,
  alt: string,
  sizes: keyof typeof IMAGE_SIZES,
  width: number,
  { priority = true, className = "h-full w-full object-contain" } = {},
): string {
  const w = Math.min(width, image.width || width);
  const h = Math.round(w * (image.width > 0 && image.height > 0 ? image.height / image.width : 4 / 3));
  return (
    `src="${escapeHtml(imageVariantUrl(image, width <= 480 ? "card" : "full"))}" srcset="${escapeHtml(imageSrcSet(image))}" ` +
    `sizes="${IMAGE_SIZES[sizes]}" width="${w}" height="${h}" alt="${escapeHtml(alt)}" ` +
    `${priority ? `fetchpriority="high"` : `loading="lazy"`} decoding="async" class="${className}"`
  );
}

function pictureBox(
  image: ImageRef,
  alt: string,
  sizes: keyof typeof IMAGE_SIZES,
  width: number,
  box: string,
  img?: Parameters<typeof imgAttributes>[4],
) {
  // The edge colour comes from the image service (a #rrggbb); escaped all the same.
  return (
    `<div class="relative overflow-hidden ${box}" style="background-color:${escapeHtml(image.edgeColor || "#f9fafb")}">` +
    `<img ${imgAttributes(image, alt, sizes, width, img)}></div>`
  );
}

/** The storefront's header bar as it first paints (the icons arrive with the app). */
export function headerShell(siteName: string): string {
  return (
    `<header class="sticky top-0 z-40 border-b border-ink/5 bg-cream/85 backdrop-blur-md supports-[backdrop-filter]:bg-cream/70">` +
    `<div class="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-6">` +
    `<span class="h-10 w-10 md:hidden"></span>` +
    `<a href="/" class="font-display text-2xl font-semibold tracking-tight sm:text-[1.7rem]">${escapeHtml(siteName)}</a>` +
    `</div></header>`
  );
}

// buttonVariants({ size: "lg" }) as the hero's links get it (without cn: text-sm and text-base both, as there).
const BUTTON =
  "inline-flex items-center justify-center gap-2 rounded-full text-sm font-medium transition-colors cursor-pointer h-12 px-8 text-base";

/** The home hero with its first slide still, as HomeHero renders it before the carousel's code loads. */
export function heroShell(title: string, subtitle: string, product: ShellProduct): string {
  const first = title.slice(0, 8).trim();
  const second = title.slice(8).trim();
  const image = product.images[0];
  return (
    `<section aria-labelledby="hero-title" class="relative overflow-hidden">` +
    `<div aria-hidden="true" class="pointer-events-none absolute -right-40 -top-40 h-[32rem] w-[32rem] rounded-full bg-sand/40 blur-3xl"></div>` +
    `<div aria-hidden="true" class="pointer-events-none absolute -bottom-48 -left-32 h-[26rem] w-[26rem] rounded-full bg-rose/10 blur-3xl"></div>` +
    `<div class="relative mx-auto grid max-w-7xl items-center gap-8 px-5 pb-10 pt-10 sm:px-6 lg:grid-cols-[1.05fr_1fr] lg:gap-4 lg:pb-16 lg:pt-16">` +
    `<div class="text-center lg:text-left">` +
    `<p class="text-xs font-semibold uppercase tracking-[0.3em] text-[#9a3f56]">Cash on delivery · Free delivery</p>` +
    `<h1 id="hero-title" class="mt-4 font-display text-[2.6rem] font-semibold leading-[1.05] tracking-tight sm:text-6xl lg:text-7xl">` +
    `<span class="block">${escapeHtml(first)}</span>` +
    (second ? `<span class="block italic text-rose">${escapeHtml(second)}</span>` : "") +
    `</h1>` +
    `<p class="mx-auto mt-5 max-w-xl text-base leading-relaxed text-muted sm:text-lg lg:mx-0">${escapeHtml(subtitle)}</p>` +
    `<div class="mt-8 flex flex-wrap justify-center gap-3 lg:justify-start">` +
    `<a href="/shop" class="${BUTTON} bg-ink text-cream hover:bg-ink/85">Shop Now</a>` +
    `<span class="${BUTTON} border border-ink/20 bg-transparent">View Lookbook</span>` +
    `</div></div>` +
    `<div class="min-w-0"><div class="flex justify-center py-6"><div class="w-full max-w-[260px] sm:max-w-[280px]">` +
    `<a href="/product/${product.id}" class="group block overflow-hidden rounded-[1.75rem] bg-white shadow-2xl shadow-ink/15 ring-1 ring-ink/5">` +
    (image ? pictureBox(image, product.name, "hero", 480, "aspect-[3/4] w-full") : "") +
    `<span class="block px-4 py-3 text-center"><span class="block truncate font-display text-base">${escapeHtml(product.name)}</span></span>` +
    `</a></div></div></div></div></section>`
  );
}

/** A product page's breadcrumb and main picture, where ProductDetails puts them. */
export function productShell(product: ShellProduct): string {
  const image = product.images[0];
  return (
    `<div class="mx-auto max-w-7xl px-5 py-8 sm:px-6 lg:py-12">` +
    `<nav aria-label="Breadcrumb" class="mb-6 text-sm text-muted"><a href="/">Home</a> <span aria-hidden="true">/</span> ` +
    `<a href="/shop">Shop</a> <span aria-hidden="true">/</span> <span class="text-ink">${escapeHtml(product.name)}</span></nav>` +
    `<div class="grid gap-8 lg:grid-cols-2 lg:gap-14"><div class="space-y-3"><div class="block w-full overflow-hidden rounded-3xl">` +
    (image ? pictureBox(image, product.name, "gallery", 800, "aspect-[3/4] w-full") : "") +
    `</div></div></div></div>`
  );
}

/** How many cards the shop's first frame shows: a row at three columns (the app's priority cards). */
export const SHOP_SHELL_CARDS = 3;

/** Only a plain CSS colour keyword or hex goes into a style attribute, never anything else. */
const CSS_COLOUR = /^(?:[a-z]+|#[0-9a-f]{3,8})$/;

/** ColourSwatches' dots: the store's tone, else the CSS colour (the browser drops one it does not know). */
function swatchesShell(colors: string[]): string {
  if (colors.length === 0) return "";
  const shown = colors.slice(0, MAX_SWATCHES);
  const dots = shown.map((c) => {
    const css = cssColourName(c);
    const colour = swatchHex(c) ?? UNKNOWN_SWATCH + (CSS_COLOUR.test(css) ? `;background-color:${css}` : "");
    return `<span title="${escapeHtml(c)}" class="h-4 w-4 rounded-full border border-ink/15 shadow-inner" style="background-color:${colour}"></span>`;
  });
  const more = colors.length - shown.length;
  return (
    `<div class="flex items-center gap-1.5" aria-label="${escapeHtml(`Colours: ${colors.join(", ")}`)}" role="img">` +
    dots.join("") +
    (more > 0 ? `<span class="text-xs text-muted">+${more}</span>` : "") +
    `</div>`
  );
}

// ProductCard's (grid layout) and ProductImage's classes as cn merges them for a loaded picture.
const CARD =
  "group relative flex overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink/5 transition hover:-translate-y-0.5 hover:shadow-lg motion-reduce:transition-none motion-reduce:hover:translate-y-0 flex-col";
const CARD_IMG =
  "h-full w-full object-contain opacity-100 transition-transform duration-700 group-hover:scale-105 motion-reduce:group-hover:scale-100";

/** A product card as ProductCard lays it out in the grid (the wishlist heart arrives with the app). */
function cardShell(product: ShellProduct, first: boolean): string {
  const href = `/product/${product.id}`;
  const name = escapeHtml(product.name);
  const discount = discountPercent(product.price, product.originalPrice);
  const image = product.images[0];
  return (
    `<li><article class="${CARD}"><div class="relative shrink-0 w-full"><a href="${href}" tabindex="-1" aria-hidden="true">` +
    (image
      ? pictureBox(image, "", "card", 480, "aspect-[3/4] w-full", { priority: first, className: CARD_IMG })
      : `<div class="relative overflow-hidden aspect-[3/4] w-full" style="background-color:#f9fafb"></div>`) +
    `</a><div class="pointer-events-none absolute left-3 top-3 flex flex-col items-start gap-1.5">` +
    (product.featured === 1
      ? `<span class="rounded-full bg-ink px-2.5 py-1 text-[11px] font-semibold uppercase tracking-wider text-cream">New</span>`
      : "") +
    (discount !== null
      ? `<span class="rounded-full bg-[#9a3f56] px-2.5 py-1 text-[11px] font-semibold text-white">${discount}% OFF</span>`
      : "") +
    `</div></div><div class="flex flex-1 flex-col gap-2 p-4">` +
    `<p class="text-xs uppercase tracking-[0.14em] text-muted">${escapeHtml(categoryLabel(product.category))} Collection</p>` +
    `<h3 class="font-display text-lg leading-snug"><a href="${href}" class="hover:text-rose">${name}</a></h3>` +
    `<p class="flex flex-wrap items-baseline gap-x-2 gap-y-1"><span class="font-semibold text-ink">${formatRs(product.price)}</span>` +
    (discount !== null
      ? `<s class="text-sm text-muted"><span class="sr-only">Original price </span>${formatRs(product.originalPrice!)}</s>`
      : "") +
    `</p><div class="mt-auto flex items-center justify-between gap-3 pt-1">${swatchesShell(product.colors)}` +
    `<a href="${href}" class="ml-auto text-sm font-medium text-ink underline decoration-sand decoration-2 underline-offset-4 hover:text-rose" ` +
    `aria-label="View Details: ${name}">View Details</a></div></div></article></li>`
  );
}

// ShopToolbar's parts: the Filters button (phones), the sort select and the grid/list toggle;
// the icons arrive with the app.
const TOGGLE = "grid h-10 w-10 place-items-center rounded-full transition";
const SORT_SELECT =
  "w-full cursor-pointer appearance-none rounded-lg border border-ink/15 bg-white py-2.5 pl-3 pr-9 text-base text-ink focus-visible:outline-2 focus-visible:outline-rose disabled:opacity-60 sm:text-sm";
const SORT_LABELS = ["Featured", "Price: Low to High", "Price: High to Low", "Newest First"];

/**
 * The plain /shop (no filters, newest first, grid) as ShopRoute lays it out: its heading, the
 * toolbar (inert until the app takes over) and the first cards. `products` are newest first.
 */
export function shopShell(products: ShellProduct[]): string {
  const options = SORT_LABELS.map((l) => `<option${l === "Newest First" ? " selected" : ""}>${l}</option>`).join("");
  return (
    `<div class="mx-auto max-w-7xl px-5 py-10 sm:px-6 lg:py-14">` +
    `<header class="mb-10 text-center"><h1 class="font-display text-4xl font-semibold sm:text-5xl">Shop Collection</h1>` +
    `<p class="mt-3 text-muted">Discover our complete range of premium fashion</p></header>` +
    `<div class="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-10"><div class="hidden lg:block"></div><div class="min-w-0">` +
    `<div inert class="mb-6 flex flex-wrap items-center gap-3">` +
    `<span class="inline-flex h-10 items-center gap-2 rounded-full border border-ink/15 bg-white px-4 text-sm font-medium lg:hidden">` +
    `<span class="h-4 w-4"></span>Filters</span>` +
    `<p class="text-sm text-muted">Showing ${products.length} products</p>` +
    `<div class="ml-auto flex items-center gap-2"><div class="relative w-48">` +
    `<select aria-label="Sort by" class="${SORT_SELECT}">${options}</select></div>` +
    `<div class="flex rounded-full bg-white p-0.5 ring-1 ring-ink/10"><span class="${TOGGLE} bg-ink text-cream"></span>` +
    `<span class="${TOGGLE} text-muted hover:bg-ink/5 hover:text-ink"></span></div></div></div>` +
    `<ul class="grid grid-cols-1 gap-5 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">` +
    products
      .slice(0, SHOP_SHELL_CARDS)
      .map((p, i) => cardShell(p, i === 0))
      .join("") +
    `</ul></div></div></div>`
  );
}
