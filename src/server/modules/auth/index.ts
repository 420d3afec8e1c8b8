/**
 * The auth module's public face: what other modules and the app import from it. Anything else
 * in this folder is the module's own (eslint.config.js refuses a deep import from outside).
 */
export { createGeneratedAdmin, hasAnyAdmin, retireGeneratedAdmins, upsertAdmin } from "./auth-service.js";
export type { StaffMember } from "./auth-service.js";
export { hashPassword, verifyPassword } from "./passwords.js";
export { readAdmin, SESSION_COOKIE, startSession } from "./session-cookie.js";
