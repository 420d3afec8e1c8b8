/**
 * The product import module's public face (issue 41): what other modules and the app import from
 * it. Anything else in this folder is the module's own.
 */
export type { ProductImportConfig } from "./import-config.js";
