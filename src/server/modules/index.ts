import type { FastifyPluginAsync } from "fastify";
import { authRoutes } from "./auth/auth-routes.js";
import { healthRoutes } from "./health/health-routes.js";
import { imageRoutes } from "./images/image-routes.js";

/** Every API module, one folder per resource. */
export const modules: FastifyPluginAsync[] = [healthRoutes, authRoutes, imageRoutes];
