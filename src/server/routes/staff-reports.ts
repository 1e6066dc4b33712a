/** Back office reports: sales, best sellers, low stock, searches that found nothing. */
import {
  bestSellersQuerySchema,
  bestSellersSchema,
  lowStockQuerySchema,
  lowStockSchema,
  noResultsQuerySchema,
  noResultsSchema,
  salesQuerySchema,
  salesReportSchema,
} from '../../api/schemas/staff-reports';
import { defineRoute } from '../http/route';
import { requireStaff } from '../auth/staff-guard';
import { bestSellers, lowStock, salesReport, searchesWithoutResults } from '../services/staff/reports';

const tags = ['staff'];
const errors = [401, 403];

export const staffReportRoutes = [
  defineRoute({
    method: 'get',
    path: '/staff/reports/sales',
    summary: 'Paid orders and their total per Tehran day or month (from, to: YYYY-MM-DD)',
    tags,
    query: salesQuerySchema,
    response: salesReportSchema,
    errors,
    handler: async ({ query, c, deps }) => {
      await requireStaff(c, deps);
      return { data: await salesReport(deps.db, query.by, query.from, query.to) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/reports/best-sellers',
    summary: 'Products by quantity sold in paid orders',
    tags,
    query: bestSellersQuerySchema,
    response: bestSellersSchema,
    errors,
    handler: async ({ query, c, deps }) => {
      await requireStaff(c, deps);
      return { data: await bestSellers(deps.db, query.from, query.to, query.limit) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/reports/low-stock',
    summary: 'Enabled products with at most `below` units in stock',
    tags,
    query: lowStockQuerySchema,
    response: lowStockSchema,
    errors,
    handler: async ({ query, c, deps }) => {
      await requireStaff(c, deps);
      return { data: await lowStock(deps.db, query.below, query.limit) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/reports/no-results',
    summary: 'Searches that found nothing in the last days, most asked first (a sourcing list)',
    tags,
    query: noResultsQuerySchema,
    response: noResultsSchema,
    errors,
    handler: async ({ query, c, deps }) => {
      await requireStaff(c, deps);
      return { data: await searchesWithoutResults(deps.db, query.days, query.limit) };
    },
  }),
];
