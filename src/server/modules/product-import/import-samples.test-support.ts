/**
 * Test files of issue 41, written from Shopify's help centre ("Using CSV files to import and
 * export products"): its columns by their exact names, a product's later rows adding variants
 * (option values only) or pictures (`Image Src` alone), `Title` / `Default Title` for a product
 * without options, a draft. Pictures point at `cdn` (a local fake CDN in the tests).
 */
export const SHOPIFY_HEADER =
  "Handle,Title,Body (HTML),Vendor,Product Category,Type,Tags,Published,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Option3 Name,Option3 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Inventory Policy,Variant Fulfillment Service,Variant Price,Variant Compare At Price,Variant Requires Shipping,Variant Taxable,Variant Barcode,Image Src,Image Position,Image Alt Text,Gift Card,SEO Title,SEO Description,Variant Image,Variant Weight Unit,Variant Tax Code,Cost per item,Status";

type Cells = Partial<Record<string, string>>;

const columns = SHOPIFY_HEADER.split(",");
const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
export const shopifyRow = (cells: Cells) => columns.map((c) => quote(cells[c] ?? "")).join(",");

/** Three products: a lawn suit with Make × Size and variant pictures, a plain dupatta, a draft shawl. */
export function shopifySample(cdn: string): string {
  const suit = {
    Handle: "lawn-suit-3-piece",
    Title: "Lawn Suit – 3 Piece",
    "Body (HTML)": "<p>Printed lawn shirt, dyed trousers and a chiffon dupatta.</p>",
    Vendor: "Zaiba",
    "Product Category": "Apparel & Accessories > Clothing",
    Type: "Lawn Collection",
    Tags: "Fabric: Lawn, Season: Summer, new-in",
    Published: "TRUE",
    "Option1 Name": "Make",
    "Option2 Name": "Size",
    "Variant Grams": "900",
    "Variant Inventory Tracker": "shopify",
    "Variant Inventory Policy": "deny",
    "Variant Fulfillment Service": "manual",
    "Variant Requires Shipping": "TRUE",
    "Variant Taxable": "FALSE",
    "Gift Card": "FALSE",
    Status: "active",
  };
  const rows = [
    shopifyRow({
      ...suit,
      "Option1 Value": "Unstitched",
      "Option2 Value": "One Size",
      "Variant SKU": "LS3-U",
      "Variant Inventory Qty": "12",
      "Variant Price": "4990.00",
      "Variant Compare At Price": "5990.00",
      "Image Src": `${cdn}/suit-front.jpg`,
      "Image Position": "1",
      "Image Alt Text": "Front",
      "Variant Image": `${cdn}/suit-front.jpg`,
    }),
    shopifyRow({
      Handle: suit.Handle,
      "Option1 Value": "Stitched",
      "Option2 Value": "M",
      "Variant SKU": "LS3-S-M",
      "Variant Inventory Qty": "4",
      "Variant Price": "6490.00",
      "Image Src": `${cdn}/suit-back.jpg`,
      "Image Position": "2",
      "Variant Image": `${cdn}/suit-stitched.jpg`,
    }),
    shopifyRow({
      Handle: suit.Handle,
      "Option1 Value": "Stitched",
      "Option2 Value": "L",
      "Variant SKU": "LS3-S-L",
      "Variant Inventory Qty": "0",
      "Variant Price": "6490.00",
      "Image Src": `${cdn}/suit-stitched.jpg`,
      "Image Position": "3",
      "Variant Image": `${cdn}/suit-stitched.jpg`,
    }),
    shopifyRow({
      Handle: "chiffon-dupatta",
      Title: "Chiffon Dupatta",
      "Body (HTML)": "Embroidered, 2.5 m.",
      Vendor: "Zaiba",
      Type: "Accessories",
      Tags: "Fabric: Chiffon",
      Published: "TRUE",
      "Option1 Name": "Title",
      "Option1 Value": "Default Title",
      "Variant SKU": "DUP-1",
      "Variant Price": "1800",
      "Image Src": `${cdn}/dupatta.jpg`,
      "Image Position": "1",
      Status: "active",
    }),
    shopifyRow({
      Handle: "khaddar-shawl",
      Title: "Khaddar Shawl",
      "Body (HTML)": "For winter.",
      Type: "Accessories",
      Tags: "Fabric: Khaddar, Season: Winter",
      Published: "FALSE",
      "Option1 Name": "Color",
      "Option1 Value": "Maroon",
      "Variant SKU": "SHW-MAR",
      "Variant Inventory Qty": "7",
      "Variant Price": "3200",
      "Image Src": `${cdn}/shawl.jpg`,
      Status: "draft",
    }),
    shopifyRow({
      Handle: "khaddar-shawl",
      "Option1 Value": "Black",
      "Variant SKU": "SHW-BLK",
      "Variant Inventory Qty": "-2",
      "Variant Price": "3200",
    }),
    shopifyRow({ Handle: "khaddar-shawl", "Image Src": `${cdn}/shawl-detail.jpg`, "Image Position": "2" }),
  ];
  return [SHOPIFY_HEADER, ...rows].join("\r\n") + "\r\n";
}
