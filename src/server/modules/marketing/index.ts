// Banners and How it works.

export { marketingRoutes } from './marketing.routes';
export { MarketingService } from './marketing.service';
