/**
 * The catalogue as the writer receives it, already validated and normalised: what the CSV importer
 * produces, and what the demo seed builds directly. Money is integer rials.
 */
import type { Quality } from '../../db/schema';

export interface CategoryInput {
  slug: string;
  parentSlug: string | null;
  name: string;
  nameFa: string;
  sort: number;
  image?: string | null;
}

export interface TierInput {
  minCount: number;
  /** null = open-ended last tier. */
  maxCount: number | null;
  price: number;
  compareAtPrice?: number | null;
}

export interface AttributeValueInput {
  name: string;
  value: string;
}

export interface ProductInput {
  slug: string;
  partNumber: string;
  name: string;
  nameFa: string;
  categorySlug: string;
  brand: string | null;
  package: string | null;
  quality: Quality | null;
  description: string | null;
  descriptionFa: string | null;
  price: number;
  /** Empty = one price for every quantity. */
  tiers: TierInput[];
  minimumPurchase: number;
  stock: number;
  threshold: number;
  availabilityDate: string | null;
  enable: boolean;
  datasheetUrl: string | null;
  attributes: AttributeValueInput[];
  // Fields the CSV format does not carry: left untouched on update when undefined, so a re-import
  // never wipes what staff set by hand (discounts, badges, long HTML descriptions).
  compareAtPrice?: number | null;
  badges?: string[];
  moreDescription?: string | null;
  specification?: string | null;
}

export interface CatalogueInput {
  categories: CategoryInput[];
  products: ProductInput[];
}

export interface ImportReport {
  categories: { created: number; updated: number; unchanged: number };
  products: { created: number; updated: number; unchanged: number };
  /** Distinct brands named by the imported products. */
  brands: number;
  /** Distinct attributes (by slug) named by the imported products. */
  attributes: number;
}

export interface ImportProblem {
  file: string;
  line: number;
  reason: string;
}
