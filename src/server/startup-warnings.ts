import { isIP } from "node:net";
import type { Env } from "./env.js";

/** An address only this machine can connect to. */
function isLoopback(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (name === "localhost" || name === "::1") return true;
  return isIP(name) === 4 && name.startsWith("127.");
}

/**
 * Settings that start fine but leave the store open to something, each with what to set instead:
 * logged at start (main.ts). Not errors: each is right in some setup the server cannot see.
 */
export function startupWarnings(env: Env): string[] {
  const warnings: string[] = [];
  if (env.SERVE_CLIENT === "1" && !env.PUBLIC_URL)
    warnings.push(
      "PUBLIC_URL is not set: canonical links, link previews and the sitemap take their origin from each " +
        "request's Host header, which any client can choose, and the page cache keeps a copy per Host. " +
        "Set PUBLIC_URL to the store's address, for example PUBLIC_URL=https://shop.example.pk.",
    );
  if (typeof env.TRUST_PROXY === "number" && !isLoopback(env.HOST))
    warnings.push(
      `TRUST_PROXY=${env.TRUST_PROXY} trusts X-Forwarded-For from whoever connects, and HOST=${env.HOST} lets ` +
        "clients connect directly, past the proxy: such a client chooses the address every per-network limit " +
        "counts it under. Set TRUST_PROXY to the proxy's address(es) instead (for example TRUST_PROXY=10.0.0.5 " +
        "or TRUST_PROXY=10.0.0.0/8), or HOST=127.0.0.1 when the proxy runs on this machine. A hop count is " +
        "safe only when nothing but the proxy can reach this port.",
    );
  return warnings;
}
