export const catalogueRoutes = [] as import('../http/route').RouteDef[];
