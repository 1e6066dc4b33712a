/**
 * The badges a product may carry (spec: Product.badges). Kept here, not in the API schema module, so
 * the staff console can list them without bundling zod (whose eval probe the CSP reports).
 */
export const PRODUCT_BADGES = ['hot', 'sale', 'new', 'stable', 'special', 'best-seller', 'pre-order'] as const;
