import type { FastifyPluginAsync } from "fastify";
import { authRoutes } from "./auth/auth-routes.js";
import { healthRoutes } from "./health/health-routes.js";

/** Every API module, one folder per resource. */
export const modules: FastifyPluginAsync[] = [healthRoutes, authRoutes];
