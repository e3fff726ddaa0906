import { MAX_STARS, starsLabel, starWords } from '../../../domain/ratings';
import { button, choices, greeting, p, render, type Block } from './templates';

// After the order (issue 23 parts 1 and 2; decision 30): the one email after a delivery that asks how it was,
// and the word to the people who can put a low rating right (the restaurant's kitchen, the support inbox).

/** Five stars as links, one a star count (★★★★★ is five): `linkOf(n)` is where choosing n stars goes. */
function starChoices(linkOf: (stars: number) => string): Block {
  return choices(
    Array.from({ length: MAX_STARS }, (_, index) => {
      const stars = index + 1;
      return {
        text: '★'.repeat(stars),
        title: `${starsLabel(stars)}: ${starWords(stars)}`,
        url: linkOf(stars),
      };
    }).reverse(),
  );
}

/** A restaurant's takeaway or catering order: tap a star, land on /rate-my-takeaway with it chosen. */
export function takeawayAsk({
  to,
  firstName,
  number,
  restaurantName,
  collected,
  linkOf,
}: {
  to: string;
  firstName: string;
  number: number;
  restaurantName: string;
  /** Picked up (or eaten in) rather than delivered. */
  collected: boolean;
  /** The rating page with n stars chosen (and the link's key). */
  linkOf: (stars: number) => string;
}) {
  return render({
    to,
    template: 'after_order_ask',
    subject: `How was your order from ${restaurantName}?`,
    preview: 'Tap a star: it takes a few seconds.',
    heading: 'How was it?',
    greeting: greeting(firstName),
    blocks: [
      p(
        `We hope you enjoyed your order #${number} from ${restaurantName}${collected ? '' : ', and that it came hot and on time'}. How was it? Tap a star to rate it:`,
      ),
      starChoices(linkOf),
      p(
        'You can add a comment on the next page, and change your rating for a week. The kitchen reads every one; if something wasn’t right, they’ll want to know.',
      ),
    ],
    signOff: 'Grazie,',
    reason: `You’re receiving this because you ordered from ${restaurantName}. We ask once an order.`,
  });
}

/** A recipe-kit box: rate each dish and answer one question, on the order's page. */
export function boxAsk({
  to,
  firstName,
  number,
  dishes,
  link,
}: {
  to: string;
  firstName: string;
  number: number;
  /** The dishes' titles, as the box had them. */
  dishes: string[];
  /** The order page's rating section. */
  link: string;
}) {
  const list = dishes.length > 0 ? ` Your box had ${dishes.join(', ')}.` : '';
  return render({
    to,
    template: 'after_order_ask',
    subject: `How were the dishes in your Sfoglia box #${number}?`,
    preview: 'Rate each dish in a tap: it helps us choose next week’s menu.',
    heading: 'How were your dishes?',
    greeting: greeting(firstName),
    blocks: [
      p(`We hope you’ve enjoyed cooking your box #${number}.${list}`),
      p(
        'Rate each dish and tell us how likely you are to recommend Sfoglia: it takes a minute, and your stars help other customers choose from the menu.',
      ),
      button('Rate your dishes', link),
    ],
    signOff: 'Grazie,',
    reason: 'You’re receiving this because you ordered a box from Sfoglia. We ask once a box.',
  });
}

/** A low rating of a restaurant's order, to each of its kitchen's staff (once a rating). */
export function lowRatingToStaff({
  to,
  firstName,
  restaurantName,
  number,
  stars,
  comment,
  customerFirstName,
  link,
}: {
  to: string;
  firstName: string;
  restaurantName: string;
  number: number;
  stars: number;
  comment: string;
  customerFirstName: string;
  /** The kitchen screen of the restaurant. */
  link: string;
}) {
  return render({
    to,
    template: 'rating_alert',
    subject: `${restaurantName}: order #${number} was rated ${stars} of ${MAX_STARS}`,
    preview: comment ? `“${comment.slice(0, 80)}”` : `${starsLabel(stars)}, no comment`,
    heading: `Order #${number} was rated ${'★'.repeat(stars)}`,
    greeting: greeting(firstName),
    blocks: [
      p(
        `${customerFirstName || 'A customer'} rated order #${number} from ${restaurantName} ${starsLabel(stars)} (${starWords(stars)}).`,
      ),
      p(comment ? `They wrote: “${comment}”` : 'They left no comment.'),
      p('Have a look at what went into it, and if it was our mistake, put it right with them.'),
      button('Open the kitchen screen', link),
    ],
    reason: `You’re receiving this because you work in ${restaurantName}’s kitchen.`,
  });
}

/** A low rating of a recipe-kit box or one of its dishes, to the support inbox. */
export function lowRatingToSupport({
  to,
  number,
  stars,
  what,
  comment,
  customerEmail,
}: {
  to: string;
  number: number;
  stars: number;
  /** "the box" or the dish's title. */
  what: string;
  comment: string;
  customerEmail: string;
}) {
  return render({
    to,
    template: 'rating_alert',
    subject: `Low rating: ${what} in order #${number} (${stars} of ${MAX_STARS})`,
    preview: comment ? `“${comment.slice(0, 80)}”` : `${starsLabel(stars)}, no comment`,
    heading: `${what} was rated ${'★'.repeat(stars)}`,
    greeting: 'Hello,',
    blocks: [
      p(`${customerEmail} rated ${what} in order #${number} ${starsLabel(stars)} (${starWords(stars)}).`),
      p(comment ? `They wrote: “${comment}”` : 'They left no comment.'),
      p('Worth a word with them: a low rating is often something we can put right.'),
    ],
    reason: 'You’re receiving this because this is the shop’s support inbox.',
  });
}
