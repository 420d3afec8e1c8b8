import type { FastifyInstance } from "fastify";

export async function productsRoutes(_app: FastifyInstance): Promise<void> {}
