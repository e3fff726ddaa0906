// Banners and How it works.

export { marketingRoutes } from './marketing.routes';
