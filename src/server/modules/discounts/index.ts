/**
 * The discounts module offers nothing to other modules: the app registers its routes (modules/index.ts).
 * What another module may import from it is exported here, and only here (eslint.config.js).
 */
export {};
