// Banners and How it works.

export { marketingRoutes } from './marketing.routes';
export { MarketingService } from './marketing.service';
export {
  findBanner,
  insertBanner,
  listAllBanners,
  updateBanner,
  type BannerRecord,
  type BannerValues,
} from './banners-admin';
