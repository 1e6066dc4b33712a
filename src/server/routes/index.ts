import type { RouteDef } from '../http/route';
import { catalogueRoutes } from './catalogue';
import { searchRoutes } from './search';

/** Every api/site/v1 call, in the order the OpenAPI document lists them. */
export const siteRoutes: RouteDef[] = [...catalogueRoutes, ...searchRoutes];
