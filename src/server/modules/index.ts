import type { FastifyPluginAsync } from "fastify";
import { auditRoutes } from "./audit/audit-routes.js";
import { authRoutes } from "./auth/auth-routes.js";
import { cartRoutes } from "./cart/cart-routes.js";
import { categoriesRoutes } from "./categories/categories-routes.js";
import { blocklistRoutes } from "./fraud/blocklist-routes.js";
import { orderEventsRoutes } from "./order-events/order-events-routes.js";
import { whatsappRoutes } from "./whatsapp/whatsapp-routes.js";
import { healthRoutes } from "./health/health-routes.js";
import { imageRoutes } from "./images/image-routes.js";
import { ordersRoutes } from "./orders/orders-routes.js";
import { productsRoutes } from "./products/products-routes.js";
import { productImportRoutes } from "./product-import/product-import-routes.js";
import { reportsRoutes } from "./reports/reports-routes.js";
import { returnsRoutes } from "./returns/returns-routes.js";
import { reviewsRoutes } from "./reviews/reviews-routes.js";
import { settingsRoutes } from "./settings/settings-routes.js";
import { notesRoutes } from "./notes/notes-routes.js";
import { staffRoutes } from "./staff/staff-routes.js";
import { manualOrdersRoutes } from "./manual-orders/manual-orders-routes.js";
import { sourceRoutes } from "./sources/source-routes.js";
import { stockRoutes } from "./stock/stock-routes.js";
import { shippingRoutes } from "./shipping/shipping-routes.js";
import { upkeepRoutes } from "./upkeep/upkeep-routes.js";
import { pricingRoutes } from "./pricing/pricing-routes.js";
import { discountRoutes } from "./discounts/discount-routes.js";
import { adsRoutes } from "./ads/ads-routes.js";
import { remittancesRoutes } from "./remittances/remittances-routes.js";
import { advanceRoutes } from "./advance/advance-routes.js";
import { winbackRoutes } from "./winback/winback-routes.js";
import { attributesRoutes } from "./attributes/index.js";

/** Every API module, one folder per resource. */
export const modules: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  imageRoutes,
  productsRoutes,
  productImportRoutes,
  categoriesRoutes,
  settingsRoutes,
  pricingRoutes,
  discountRoutes,
  cartRoutes,
  ordersRoutes,
  reviewsRoutes,
  reportsRoutes,
  staffRoutes,
  auditRoutes,
  notesRoutes,
  stockRoutes,
  manualOrdersRoutes,
  sourceRoutes,
  blocklistRoutes,
  orderEventsRoutes,
  whatsappRoutes,
  shippingRoutes,
  returnsRoutes,
  upkeepRoutes,
  adsRoutes,
  remittancesRoutes,
  advanceRoutes,
  winbackRoutes, // after whatsappRoutes: its marketing sources join the queue registered there
  attributesRoutes,
];
