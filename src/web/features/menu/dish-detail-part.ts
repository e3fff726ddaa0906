import { lazyPart } from '../../shared/lazy-part';

/** A dish's detail: a tap opens it, so it is not in the menu's first JS (decision 38). */
export const DishDetail = lazyPart(async () => (await import('./dish-detail')).DishDetail);
