// The rating pages' chunk (load.ts).
export { RateMyTakeawayPage, rateMyTakeawayLoader } from './rate-my-takeaway-page';
export { RatingConfirmationPage } from './rating-confirmation-page';
