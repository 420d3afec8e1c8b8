import type { Motif } from "./artwork.js";

export const DEMO_CATEGORIES = [
  { name: "Formal", slug: "formal", description: "Premium formal wear for professional occasions" },
  { name: "Casual", slug: "casual", description: "Comfortable and stylish everyday elegance" },
  { name: "Party", slug: "party", description: "Glamorous outfits for special celebrations" },
  { name: "Accessories", slug: "accessories", description: "Complete your look with our curated accessories" },
] as const;

export interface DemoProduct {
  name: string;
  sku: string;
  description: string;
  price: number;
  originalPrice?: number;
  category: (typeof DEMO_CATEGORIES)[number]["slug"];
  sizes: string[];
  colors: string[];
  /** Colours sold out (shown as '(Out of Stock)'). */
  soldOut?: string[];
  inStock?: boolean;
  featured?: boolean;
  motif: Motif;
  /** A second default image: a close-up of the fabric. */
  detail?: boolean;
  /** When it was added to the catalogue, in days before today. */
  daysAgo: number;
}

const ALL = ["S", "M", "L", "XL"];
const WIDE = ["S", "M", "L", "XL", "XXL"];
const FREE = ["Free Size"];

/** The demo catalogue: women's wear as a Pakistani boutique would sell it, priced in PKR. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  { name: "Embroidered Chiffon Kurta", sku: "ZB-FRM-101", description: "Pure chiffon kurta with hand-finished tilla embroidery on the neckline and sleeves. Comes with a matching inner.", price: 8500, originalPrice: 10000, category: "formal", sizes: ALL, colors: ["Black", "Purple", "White"], featured: true, motif: "kurta", detail: true, daysAgo: 4 },
  { name: "Jamawar Silk Suit", sku: "ZB-FRM-102", description: "Three-piece jamawar silk suit with a zari-woven shirt, raw silk trousers and an organza dupatta.", price: 12500, category: "formal", sizes: ["S", "M", "L"], colors: ["Red", "Green", "Purple"], soldOut: ["Green"], motif: "suit", detail: true, daysAgo: 38 },
  { name: "Organza Straight Shirt with Trousers", sku: "ZB-FRM-103", description: "Sheer organza straight shirt over a silk slip, paired with straight trousers. Light enough for summer dinners.", price: 9800, category: "formal", sizes: ALL, colors: ["White", "Pink", "Blue"], motif: "suit", daysAgo: 71 },
  { name: "Velvet Embroidered Shawl Suit", sku: "ZB-FRM-104", description: "Micro-velvet shirt with resham embroidery, a matching velvet shawl and trousers: winter weddings sorted.", price: 15500, originalPrice: 18000, category: "formal", sizes: WIDE, colors: ["Black", "Purple", "Red"], motif: "suit", detail: true, daysAgo: 122 },
  { name: "Cotton Net Formal Kurta", sku: "ZB-FRM-105", description: "Cotton net kurta with scalloped hem and pearl buttons, lined in soft cambric.", price: 6200, category: "formal", sizes: ALL, colors: ["Blue", "White", "Green"], motif: "kurta", daysAgo: 190 },
  { name: "Raw Silk Kurta with Gota Work", sku: "ZB-FRM-106", description: "Raw silk kurta edged with traditional gota work, cut in a straight silhouette.", price: 7400, category: "formal", sizes: ["M", "L", "XL"], colors: ["Yellow", "Pink", "Green"], motif: "kurta", daysAgo: 260 },
  { name: "Printed Lawn 3-Piece Suit", sku: "ZB-CSL-201", description: "Digitally printed lawn shirt, dyed cambric trousers and a printed chiffon dupatta. Summer's favourite.", price: 4500, originalPrice: 5500, category: "casual", sizes: WIDE, colors: ["Blue", "Pink", "Green", "Yellow"], featured: true, motif: "suit", detail: true, daysAgo: 2 },
  { name: "Digital Print Lawn Kurta", sku: "ZB-CSL-202", description: "Breathable lawn kurta with a bold digital print and side slits, for everyday wear.", price: 2800, category: "casual", sizes: ALL, colors: ["Pink", "Blue", "White"], motif: "kurta", daysAgo: 15 },
  { name: "Khaddar Winter Suit", sku: "ZB-CSL-203", description: "Warm khaddar two-piece with a block-printed shirt and plain trousers.", price: 5200, category: "casual", sizes: WIDE, colors: ["Black", "Red", "Green"], soldOut: ["Red"], motif: "suit", daysAgo: 95 },
  { name: "Cambric Everyday Kurta", sku: "ZB-CSL-204", description: "Soft cambric kurta with a band collar and pin-tucks: the one you reach for every morning.", price: 2200, category: "casual", sizes: ALL, colors: ["White", "Yellow", "Blue"], motif: "kurta", daysAgo: 150 },
  { name: "Linen Shirt and Trouser Set", sku: "ZB-CSL-205", description: "Slub linen shirt with embroidered cuffs and matching trousers.", price: 3900, category: "casual", sizes: ["S", "M", "L"], colors: ["Green", "White"], motif: "suit", daysAgo: 230 },
  { name: "Block Print Cotton Kurti", sku: "ZB-CSL-206", description: "Short cotton kurti hand block-printed in Hala, finished with wooden buttons.", price: 1850, originalPrice: 2400, category: "casual", sizes: ALL, colors: ["Red", "Blue", "Yellow"], motif: "kurta", daysAgo: 320 },
  { name: "Karandi 2-Piece Suit", sku: "ZB-CSL-207", description: "Karandi shirt with a woven border and plain trousers. Sold out until the next winter drop.", price: 6400, category: "casual", sizes: ["M", "L", "XL"], colors: ["Purple", "Black"], soldOut: ["Purple", "Black"], inStock: false, motif: "suit", daysAgo: 400 },
  { name: "Bridal Lehenga Choli", sku: "ZB-PTY-301", description: "Hand-embellished bridal lehenga with a dabka choli and a net dupatta with a four-sided border.", price: 24500, originalPrice: 28000, category: "party", sizes: ["S", "M", "L"], colors: ["Red", "Pink"], featured: true, motif: "lehenga", detail: true, daysAgo: 6 },
  { name: "Sequin Chiffon Maxi", sku: "ZB-PTY-302", description: "Floor-length chiffon maxi scattered with sequins, with a flared hem that moves beautifully.", price: 11200, category: "party", sizes: ALL, colors: ["Black", "Blue", "Purple"], featured: true, motif: "frock", daysAgo: 10 },
  { name: "Mirror Work Anarkali Frock", sku: "ZB-PTY-303", description: "Anarkali frock with hand-stitched mirror work on the bodice and a twelve-panel skirt.", price: 13800, category: "party", sizes: ALL, colors: ["Green", "Red", "Yellow"], motif: "frock", detail: true, daysAgo: 45 },
  { name: "Net Peplum with Sharara", sku: "ZB-PTY-304", description: "Embroidered net peplum top over a flared sharara, with a sequinned dupatta.", price: 16900, category: "party", sizes: ["S", "M", "L"], colors: ["Pink", "White", "Purple"], soldOut: ["White"], motif: "lehenga", daysAgo: 88 },
  { name: "Gota Kinari Gharara Set", sku: "ZB-PTY-305", description: "Mehndi-ready gharara set with gota kinari trims and a kiran lace dupatta.", price: 18500, category: "party", sizes: ["S", "M", "L", "XL"], colors: ["Yellow", "Green"], motif: "lehenga", daysAgo: 140 },
  { name: "Tissue Silk Angrakha", sku: "ZB-PTY-306", description: "Tissue silk angrakha with a wrap bodice and delicate cutwork, paired with cigarette pants.", price: 9900, originalPrice: 11500, category: "party", sizes: ALL, colors: ["White", "Pink", "Blue"], motif: "frock", daysAgo: 205 },
  { name: "Velvet Party Frock", sku: "ZB-PTY-307", description: "Short velvet frock with a zardozi yoke, for winter parties and dholkis.", price: 14200, category: "party", sizes: WIDE, colors: ["Red", "Black", "Purple"], motif: "frock", daysAgo: 300 },
  { name: "Kundan Jhumkas", sku: "ZB-ACC-401", description: "Gold-plated kundan jhumkas with pearl drops. Lightweight for all-night wear.", price: 2400, category: "accessories", sizes: FREE, colors: ["Yellow", "Red"], featured: true, motif: "jhumka", daysAgo: 8 },
  { name: "Embellished Potli Clutch", sku: "ZB-ACC-402", description: "Structured clutch with zari embroidery, a magnetic clasp and a detachable chain.", price: 3200, category: "accessories", sizes: FREE, colors: ["Pink", "Black", "Blue"], soldOut: ["Blue"], motif: "clutch", daysAgo: 60 },
  { name: "Chiffon Dupatta with Lace Border", sku: "ZB-ACC-403", description: "Crinkled chiffon dupatta with a four-sided lace border and tassels.", price: 1500, category: "accessories", sizes: FREE, colors: ["White", "Pink", "Purple", "Green"], motif: "dupatta", daysAgo: 110 },
  { name: "Pearl Drop Jhumkas", sku: "ZB-ACC-404", description: "Oxidised silver jhumkas with freshwater pearl drops.", price: 1950, originalPrice: 2500, category: "accessories", sizes: FREE, colors: ["White", "Pink"], motif: "jhumka", daysAgo: 250 },
];
