import type { FastifyInstance } from "fastify";

export async function categoriesRoutes(_app: FastifyInstance): Promise<void> {}
