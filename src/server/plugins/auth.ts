import type { FastifyInstance, RouteOptions } from "fastify";
import { AppError } from "../lib/app-error.js";
import { type StaffMember, readAdmin } from "../modules/auth/index.js";

/**
 * Who may call a route, declared by every route in its options as `config: { access }`:
 * anyone, a staff member (an agent or the owner), or the owner only.
 */
export type RouteAccess = "public" | "agent" | "owner";
export type StaffRole = "owner" | "agent";

declare module "fastify" {
  interface FastifyRequest {
    admin: StaffMember | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The route writes its own audit lines (with before and after); others get a generic one. */
    auditsItself?: boolean;
  }
  interface FastifyInstance {
    /** Every route and the access it declared, for the test that walks them all. */
    routeAccess: { method: string; url: string; access: RouteAccess }[];
  }
}

const ACCESS = new Set<string>(["public", "agent", "owner"]);

const notLoggedIn = () => new AppError("UNAUTHORIZED", "Please log in to the store admin to do this");
const ownerOnly = () =>
  new AppError("FORBIDDEN", "Only the store owner can do this. Ask the owner if you need it done.");

/**
 * Deny by default: a route that does not declare `config.access` stops the server at start-up,
 * and one global hook checks every request against the route's declaration (401 without a
 * session, 403 for an agent on an owner's route) before its body is even read.
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest("admin", null);
  app.decorate("routeAccess", []);
  app.addHook("onRoute", function (route: RouteOptions) {
    let access = route.config?.access;
    // Files of the built storefront (a plugin's routes in a scope that declared them public).
    if (!access && this.hasDecorator("routesArePublic")) {
      access = "public";
      route.config = { ...route.config, access };
    }
    if (!access || !ACCESS.has(access)) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} does not declare who may call it: add config: { access: "public" | "agent" | "owner" }`,
      );
    }
    for (const method of [route.method].flat()) app.routeAccess.push({ method, url: route.url, access });
  });
}

/** The check itself; registered after the cookie plugin, so the session cookie is readable. */
export function registerAccessCheck(app: FastifyInstance): void {
  app.addHook("preParsing", async (request) => {
    const access = request.routeOptions.config?.access;
    if (request.is404 || !access || access === "public") return;
    const admin = await readAdmin(app, request);
    if (!admin) throw notLoggedIn();
    if (access === "owner" && admin.role !== "owner") throw ownerOnly();
    request.admin = admin;
  });
}
