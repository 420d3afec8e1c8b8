/** The attributes module's public face (decision 040). */
export { attributesRoutes } from "./attributes-routes.js";
export { checkProductAttributes, listAttributes } from "./attribute-service.js";
