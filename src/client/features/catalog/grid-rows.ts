/**
 * Where a product grid's second, third and fourth cards share the first card's row: Tailwind's
 * `sm`, `lg` and `xl` breakpoints, where product-grid.tsx's grid grows to 2, 3 and 4 columns.
 */
export const FIRST_ROW_MEDIA = ["(min-width: 40rem)", "(min-width: 64rem)", "(min-width: 80rem)"];
