/**
 * The catalogue module's public face: what other modules and the app import from it. Anything else
 * in this folder is the module's own (eslint.config.js refuses a deep import from outside).
 */
export {
  checkChoice,
  choiceColumns,
  forgetChoiceProducts,
  loadChoiceProducts,
  rememberedChoiceProducts,
  resolveSelectedImage,
  selectedImageId,
} from "./product-choice.js";
export type { VersionedProduct } from "./product-choice.js";
export {
  loadVariants,
  optionNamesSql,
  refreshProductPrice,
  refreshProductPrices,
  saveSpecVariants,
  saveVariants,
  skusTakenElsewhere,
} from "./variant-store.js";
export type { CatalogueVariant, VariantValues } from "./variant-store.js";
export { catalogueNow, launchDueDrafts, onSaleSql, shopperFilter, watchLaunches } from "./launches.js";
export type { LaunchCache } from "./launches.js";
