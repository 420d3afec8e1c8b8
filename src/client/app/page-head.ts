import type { InferDataFromTag, QueryClient, QueryKey } from "@tanstack/react-query";
import { imageVariantUrl, type LargestPicture } from "@shared/rules/images.js";
import type { SiteSettings } from "@shared/rules/settings.js";
import type { Category } from "@shared/schemas/categories.js";
import type { ImageRef } from "@shared/schemas/common.js";
import type { Product } from "@shared/schemas/products.js";
import { escapeHtml } from "@shared/rules/html.js";
import type { RatingSummary } from "@client/lib/queries";

export type Params = Record<string, string | undefined>;

/**
 * A page's head, written once: each route declares what its page says about itself
 * (route-table.ts `head`), `completeHead` fills in the store's defaults, the server renderer
 * writes it as HTML (`headHtml`), and the layout's `PageHeadSync` (page-head-sync.tsx) keeps the browser's title, description,
 * robots and canonical in step as the shopper moves around.
 */

/** What a route says about its page; everything left out takes the store's default. */
export interface HeadFacts {
  /** 404 for a missing product or collection and an unknown route. */
  status?: 200 | 404;
  /** The page's own title ('{title} | {site name}'); none: the site's name and tagline. */
  title?: string;
  description?: string;
  /** The page's canonical path; null: none (a missing page); absent: the path itself. */
  canonical?: string | null;
  ogType?: "website" | "product";
  /** The link preview's picture. */
  image?: ImageRef;
  /** The trail below Home, for the breadcrumb JSON-LD. */
  crumbs?: { name: string; path: string }[];
  /** The page's largest picture and the sizes it is shown at, preloaded before styles and scripts. */
  largest?: LargestPicture;
  /** Structured data (the server writes it; search engines read the server's page). */
  jsonLd?: () => unknown[];
}

/** What a route's head is worked out from: the URL, its reads and their answers so far. */
export interface PageContext<R> {
  params: Params;
  search: URLSearchParams;
  pathname: string;
  reads: R;
  /** A read's answer: undefined while not answered (null: a product that is not there). */
  get<Q extends { queryKey: QueryKey }>(read: Q): InferDataFromTag<unknown, Q["queryKey"]> | undefined;
  settings: SiteSettings;
  /** The store's own description: the home page's, and the tail of the others'. */
  description: string;
  /** The absolute origin links are made with (PUBLIC_URL, else the request's; the browser's own). */
  origin: string;
  /** The list page shown (?page=), and a path with it (the first page's is the bare path). */
  page: { number: number; withNumber(path: string): string };
}

/** A page's head, complete. */
export interface PageHead {
  status: 200 | 404;
  title: string;
  description: string;
  robots: "index, follow" | "noindex, nofollow";
  canonical: string | null;
  ogType: "website" | "product";
  image?: ImageRef;
  largest?: HeadFacts["largest"];
  crumbs: { name: string; path: string }[];
  jsonLd: () => unknown[];
}

/** The document title: '{page} | {site name}', or the site name and tagline for the home page. */
export function pageTitle(page: string | undefined, settings: Pick<SiteSettings, "site_name" | "site_tagline">) {
  return page ? `${page} | ${settings.site_name}` : `${settings.site_name} — ${settings.site_tagline}`;
}

/** The store's description, true to the delivery fees in force. */
export const storeDescription = (settings: SiteSettings) =>
  `Premium women's fashion with cash on delivery across Pakistan. ${settings.delivery}, 7 day returns.`;

/** Answers from a query cache (the server's seeded one, or the browser's). */
export const answersOf =
  (client: QueryClient) =>
  <Q extends { queryKey: QueryKey }>(read: Q) =>
    client.getQueryData(read.queryKey) as InferDataFromTag<unknown, Q["queryKey"]> | undefined;

/** A route's head facts completed with the store's defaults. */
export function completeHead(
  facts: HeadFacts,
  url: { pathname: string },
  settings: SiteSettings,
  noindex: boolean | undefined,
): PageHead {
  const status = facts.status ?? 200;
  return {
    status,
    title: pageTitle(facts.title, settings),
    description: facts.description ?? storeDescription(settings),
    robots: status === 404 || noindex ? "noindex, nofollow" : "index, follow",
    canonical: facts.canonical === undefined ? url.pathname : facts.canonical,
    ogType: facts.ogType ?? "website",
    image: facts.image,
    largest: facts.largest,
    crumbs: facts.crumbs ?? [],
    jsonLd: facts.jsonLd ?? (() => []),
  };
}

/** JSON inside a <script> element: no `</script>` or `<!--` written by the admin can end it. */
export const scriptSafeJson = (json: string) =>
  json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** The <head> elements of a server-rendered page: title, description, robots, canonical, Open Graph, Twitter, JSON-LD. */
export function headHtml(head: PageHead, origin: string, pathname: string, siteName: string): string {
  const noindex = head.robots !== "index, follow";
  const image = head.image ? new URL(imageVariantUrl(head.image, "full"), `${origin}/`).href : undefined;
  const trail = [{ name: "Home", path: "/" }, ...head.crumbs];
  const jsonLd = [
    ...head.jsonLd(),
    ...(head.crumbs.length > 0
      ? [
          {
            "@context": "https://schema.org",
            "@type": "BreadcrumbList",
            itemListElement: trail.map((c, i) => ({
              "@type": "ListItem",
              position: i + 1,
              name: c.name,
              item: `${origin}${c.path}`,
            })),
          },
        ]
      : []),
  ];
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    `<meta name="robots" content="${head.robots}">`,
    head.canonical && !noindex ? `<link rel="canonical" href="${escapeHtml(origin + head.canonical)}">` : "",
    `<meta property="og:type" content="${head.ogType}">`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}">`,
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    `<meta property="og:url" content="${escapeHtml(origin + (head.canonical ?? pathname))}">`,
    `<meta property="og:locale" content="en_PK">`,
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : "",
    `<meta name="twitter:card" content="${image ? "summary_large_image" : "summary"}">`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}">`,
    image ? `<meta name="twitter:image" content="${escapeHtml(image)}">` : "",
    ...jsonLd.map((data) => `<script type="application/ld+json">${scriptSafeJson(JSON.stringify(data))}</script>`),
  ];
  return tags.filter(Boolean).join("");
}

/** Whether a collection exists, as far as a loaded category list tells (undefined: not loaded). */
export function collectionExists(categories: Category[] | undefined, category: string): boolean | undefined {
  if (!categories) return undefined;
  const key = category.toLowerCase();
  return categories.some((c) => c.slug.toLowerCase() === key || c.name.toLowerCase() === key);
}

/** A product's schema.org Product, with its offer and (when reviewed) its rating. */
export function productJsonLd(
  product: Product,
  rating: RatingSummary | undefined,
  origin: string,
  canonical: string,
): unknown {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description || product.name,
    sku: product.sku || undefined,
    category: product.category,
    image: product.images.map((i) => new URL(imageVariantUrl(i, "full"), `${origin}/`).href),
    url: `${origin}${canonical}`,
    offers: {
      "@type": "Offer",
      price: product.price,
      priceCurrency: "PKR",
      availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      url: `${origin}${canonical}`,
      itemCondition: "https://schema.org/NewCondition",
    },
    ...(rating && rating.totalReviews > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: rating.averageRating,
            reviewCount: rating.totalReviews,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
