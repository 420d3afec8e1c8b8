import { collectionCopy } from "@shared/rules/labels.js";
import { imageVariantUrl } from "@shared/rules/images.js";
import { formatRs } from "@shared/rules/money.js";
import type { Category } from "@shared/schemas/categories.js";
import type { Product } from "@shared/schemas/products.js";
import type { Setting } from "@shared/schemas/settings.js";
import { siteSettings, type SiteSettings } from "@shared/rules/settings.js";
import { pageTitle } from "@client/features/settings/use-page-title";
import type { RouteMatch } from "./route-table";

/** What a page says about itself to search engines and link previews, and its HTTP status. */
export interface PageHead {
  status: 200 | 404;
  /** The <head> elements: title, description, canonical, robots, Open Graph, Twitter, JSON-LD. */
  html: string;
}

export interface HeadInput {
  match: RouteMatch;
  pathname: string;
  search: URLSearchParams;
  /** The page's first reads by API path (undefined: not found or not read). */
  answers: Record<string, unknown>;
  /** The product's rating summary, on a product page. */
  rating?: { averageRating: number; totalReviews: number };
  /** The absolute origin links are made with (PUBLIC_URL, else the request's). */
  origin: string;
}

/** The store's own description: the home page's, and the tail of the others'. */
export const STORE_DESCRIPTION =
  "Premium women's fashion with cash on delivery across Pakistan. Free delivery, 7 day returns.";

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** JSON inside a <script> element: no `</script>` or `<!--` written by the admin can end it. */
export const scriptSafeJson = (json: string) =>
  json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

function collectionExists(categories: Category[] | undefined, category: string): boolean | undefined {
  if (!categories) return undefined;
  const key = category.toLowerCase();
  return categories.some((c) => c.slug.toLowerCase() === key || c.name.toLowerCase() === key);
}

/** The head of a server-rendered storefront page, from the same data its components render. */
export function pageHead(input: HeadInput): PageHead {
  const { match, answers, origin, pathname, search } = input;
  const settings: SiteSettings = siteSettings(answers["/api/settings"] as Setting[] | undefined);
  const site = settings.site_name;
  const siteDescription = STORE_DESCRIPTION;
  let status: 200 | 404 = 200;
  let title = pageTitle(undefined, settings);
  let description = siteDescription;
  let canonicalPath: string | null = pathname;
  let image: string | undefined;
  let ogType = "website";
  const jsonLd: unknown[] = [];
  const crumbs: { name: string; path: string }[] = [{ name: "Home", path: "/" }];
  const page = Number(search.get("page")) > 1 ? Number(search.get("page")) : 1;
  const withPage = (path: string) => (page > 1 ? `${path}?page=${page}` : path);

  switch (match.route.path) {
    case "/":
      jsonLd.push({
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: site,
        url: `${origin}/`,
        potentialAction: {
          "@type": "SearchAction",
          target: `${origin}/search?q={search_term_string}`,
          "query-input": "required name=search_term_string",
        },
      });
      break;
    case "/shop":
      title = pageTitle("Shop", settings);
      description = `Shop the complete ${site} collection: ${siteDescription}`;
      canonicalPath = withPage("/shop");
      crumbs.push({ name: "Shop", path: "/shop" });
      break;
    case "/collection/:category": {
      const category = match.params.category ?? "";
      const exists = collectionExists(answers["/api/categories"] as Category[] | undefined, category);
      if (exists === false) {
        status = 404;
        title = pageTitle("Collection Not Found", settings);
        canonicalPath = null;
        break;
      }
      const copy = collectionCopy(category);
      title = pageTitle(copy.title, settings);
      description = `${copy.subtitle}. ${siteDescription}`;
      canonicalPath = withPage(`/collection/${encodeURIComponent(category.toLowerCase())}`);
      crumbs.push({ name: copy.title, path: `/collection/${encodeURIComponent(category.toLowerCase())}` });
      break;
    }
    case "/product/:id": {
      const product = answers[`/api/products/${match.params.id}`] as Product | undefined;
      if (!product) {
        status = 404;
        title = pageTitle("Product Not Found", settings);
        canonicalPath = null;
        break;
      }
      title = pageTitle(product.name, settings);
      description = `${product.name}, ${formatRs(product.price)}: ${clip(product.description, 140)} Cash on delivery across Pakistan.`;
      canonicalPath = `/product/${product.id}`;
      ogType = "product";
      const picture = product.images[0];
      if (picture) image = new URL(imageVariantUrl(picture, "full"), `${origin}/`).href;
      crumbs.push({ name: "Shop", path: "/shop" }, { name: product.name, path: canonicalPath });
      const rating = input.rating;
      jsonLd.push({
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.name,
        description: product.description || product.name,
        sku: product.sku || undefined,
        category: product.category,
        image: product.images.map((i) => new URL(imageVariantUrl(i, "full"), `${origin}/`).href),
        url: `${origin}${canonicalPath}`,
        offers: {
          "@type": "Offer",
          price: product.price,
          priceCurrency: "PKR",
          availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          url: `${origin}${canonicalPath}`,
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
      });
      break;
    }
    case "/search": {
      const q = (search.get("q") ?? "").trim();
      title = pageTitle(q ? `Search: ${q}` : "Search", settings);
      canonicalPath = "/search";
      break;
    }
    case "/cart":
      title = pageTitle("Shopping Cart", settings);
      break;
    case "/checkout":
      title = pageTitle("Checkout", settings);
      break;
    case "/wishlist":
      title = pageTitle("Wishlist", settings);
      break;
    default:
      status = 404;
      title = pageTitle("Page Not Found", settings);
      canonicalPath = null;
  }

  if (crumbs.length > 1)
    jsonLd.push({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: crumbs.map((c, i) => ({
        "@type": "ListItem",
        position: i + 1,
        name: c.name,
        item: `${origin}${c.path}`,
      })),
    });

  const noindex = status === 404 || match.route.noindex === true;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta name="robots" content="${noindex ? "noindex, nofollow" : "index, follow"}">`,
    canonicalPath && !noindex ? `<link rel="canonical" href="${escapeHtml(origin + canonicalPath)}">` : "",
    `<meta property="og:type" content="${ogType}">`,
    `<meta property="og:site_name" content="${escapeHtml(site)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(origin + (canonicalPath ?? pathname))}">`,
    `<meta property="og:locale" content="en_PK">`,
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : "",
    `<meta name="twitter:card" content="${image ? "summary_large_image" : "summary"}">`,
    `<meta name="twitter:title" content="${escapeHtml(title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(description)}">`,
    image ? `<meta name="twitter:image" content="${escapeHtml(image)}">` : "",
    ...jsonLd.map((data) => `<script type="application/ld+json">${scriptSafeJson(JSON.stringify(data))}</script>`),
  ];
  return { status, html: tags.filter(Boolean).join("") };
}
