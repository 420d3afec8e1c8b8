import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { movedAddress, movesBeforeRendering } from "../modules/products/index.js";

/**
 * Pages that moved answer 301 to their current address (decision 039), with the query kept
 * (a WhatsApp review link's token, a campaign tag). An old address, or a page's address with
 * capitals, is looked up before rendering; an old handle only once the page rendered as missing,
 * so a product page served from the page cache costs no query of its own.
 */
export async function redirectIfMoved(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  renderedStatus?: number,
): Promise<FastifyReply | null> {
  const [pathname, query] = splitUrl(request.url);
  const byShape = movesBeforeRendering(pathname);
  // An address known by its shape was answered before rendering: a 404 after it is final.
  if (renderedStatus === undefined ? !byShape : renderedStatus !== 404 || byShape) return null;
  const to = await movedAddress(app.db, pathname);
  if (to === null) return null;
  return reply.header("Cache-Control", "public, max-age=300").redirect(query ? `${to}?${query}` : to, 301);
}

function splitUrl(url: string): [string, string] {
  const at = url.indexOf("?");
  return at < 0 ? [url, ""] : [url.slice(0, at), url.slice(at + 1)];
}
