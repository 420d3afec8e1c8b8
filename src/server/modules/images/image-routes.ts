import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { IMAGE_VARIANTS } from "@shared/constants.js";
import { notFound } from "../../lib/app-error.js";
import { parse } from "../../lib/validate.js";
import { readAdmin } from "../auth/index.js";
import { readImageBytes } from "./image-service.js";
import { PicturesInMemory } from "./pictures-in-memory.js";

const params = z.object({
  id: z.string().uuid("Image not found"),
  variant: z.enum(Object.keys(IMAGE_VARIANTS) as [string, ...string[]], { message: "Unknown image size" }).optional(),
});

export async function imageRoutes(app: FastifyInstance): Promise<void> {
  const pictures = new PicturesInMemory();
  const serve = async (request: import("fastify").FastifyRequest, reply: import("fastify").FastifyReply) => {
    const { id, variant } = parse(params, request.params);
    const image = await pictures.read(id, variant, () => readImageBytes(app.db, id, variant));
    if (!image) throw notFound("Image");
    if (image.private) {
      // A return photo: staff only, and kept by no cache (a shared one would serve it to anyone
      // with the URL). Everyone else is told the image does not exist.
      if (!(await readAdmin(app, request))) throw notFound("Image");
      reply.header("Cache-Control", "private, no-store");
      return reply.type(image.mimeType).send(image.bytes);
    }
    // Images never change once stored (a new upload is a new id): the ETag is the id itself.
    const etag = `"${id}${variant ? `-${variant}` : ""}"`;
    reply.header("Cache-Control", "public, max-age=31536000, immutable").header("ETag", etag);
    if (request.headers["if-none-match"] === etag) return reply.status(304).send();
    return reply.type(image.mimeType).send(image.bytes);
  };
  app.get("/api/images/:id", { config: { access: "public" } }, serve);
  app.get("/api/images/:id/:variant", { config: { access: "public" } }, serve);
}
