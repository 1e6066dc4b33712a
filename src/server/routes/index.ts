import type { RouteDef } from '../http/route';
import { accountAuthRoutes } from './account-auth';
import { accountDashboardRoutes } from './account-dashboard';
import { accountEmailRoutes } from './account-email';
import { cartRoutes } from './cart';
import { bomRoutes } from './bom';
import { catalogueRoutes } from './catalogue';
import { exportRoutes } from './changes';
import { formRoutes } from './forms';
import { listRoutes } from './lists';
import { notificationRoutes } from './notifications';
import { contentRoutes } from './content';
import { engagementRoutes } from './engagement';
import { orderRoutes } from './orders';
import { paymentRoutes } from './payments';
import { searchRoutes } from './search';
import { staffRoutes } from './staff';
import { staffDiscountRoutes } from './staff-discounts';
import { staffEngagementRoutes } from './staff-engagement';
import { staffCatalogueRoutes } from './staff-catalogue';
import { staffContentRoutes } from './staff-content';
import { staffPeopleRoutes } from './staff-people';
import { staffProductRoutes } from './staff-products';
import { staffReportRoutes } from './staff-reports';
import { statsRoutes } from './stats';

/** Every api/site/v1 call, in the order the OpenAPI document lists them. */
export const siteRoutes = [
  ...catalogueRoutes,
  ...searchRoutes,
  ...contentRoutes,
  ...statsRoutes,
  ...exportRoutes,
  ...accountAuthRoutes,
  ...accountEmailRoutes,
  ...accountDashboardRoutes,
  ...cartRoutes,
  ...orderRoutes,
  ...paymentRoutes,
  ...staffRoutes,
  ...bomRoutes,
  ...formRoutes,
  ...listRoutes,
  ...engagementRoutes,
  ...staffEngagementRoutes,
  ...notificationRoutes,
  ...staffCatalogueRoutes,
  ...staffContentRoutes,
  ...staffPeopleRoutes,
  ...staffReportRoutes,
  ...staffProductRoutes,
  ...staffDiscountRoutes,
] satisfies RouteDef[];

/** Every call with its literal method, path and zod shapes: the typed client's map (types only). */
export type SiteRoute = (typeof siteRoutes)[number];
