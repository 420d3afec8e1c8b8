import type { FastifyPluginAsync } from "fastify";
import { authRoutes } from "./auth/auth-routes.js";
import { cartRoutes } from "./cart/cart-routes.js";
import { categoriesRoutes } from "./categories/categories-routes.js";
import { healthRoutes } from "./health/health-routes.js";
import { imageRoutes } from "./images/image-routes.js";
import { ordersRoutes } from "./orders/orders-routes.js";
import { productsRoutes } from "./products/products-routes.js";
import { reportsRoutes } from "./reports/reports-routes.js";
import { reviewsRoutes } from "./reviews/reviews-routes.js";
import { settingsRoutes } from "./settings/settings-routes.js";

/** Every API module, one folder per resource. */
export const modules: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  imageRoutes,
  productsRoutes,
  categoriesRoutes,
  settingsRoutes,
  cartRoutes,
  ordersRoutes,
  reviewsRoutes,
  reportsRoutes,
];
