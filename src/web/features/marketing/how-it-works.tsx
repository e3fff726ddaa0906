import { Link } from '../../shared/router';
import { Dialog } from '../../shared/ui/dialog';
import { setUi, useUi } from '../../shared/ui/ui-store';

// The How it works modal with FAQs and the marketing claims of spec §1.

export const MARKETING_CLAIMS = [
  'Next-day delivery if you order before 5pm Monday to Thursday, or before 8am on Sundays.',
  'Pasta plan boxes: order by 12 noon on the Friday before their week (next-day delivery is for one-off boxes).',
  'A weekly menu of 20+ dishes.',
  'Dishes can be frozen for up to 1 month.',
  'Delivery every 1, 2, 3 or 4 weeks: you choose how often.',
] as const;

// Only what the shop does today (issue 9): when to order for each kind of box, and nothing about plan
// controls the account does not have yet.
const FAQS: { q: string; a: string }[] = [
  {
    q: 'When do I need to order by?',
    a: 'For a one-off box, order by 5pm the day before for delivery Tuesday to Friday, or by 8am on Sunday for Monday; Saturday boxes close at 12 noon on the Friday before. For your pasta plan, order by 12 noon on Friday (UK time) for delivery the following week; after that, next week’s menu closes and you can choose from the weeks after.',
  },
  {
    q: 'Is there a minimum order?',
    a: 'Each delivery needs at least £10 of dishes, and your basket at least £10 in all.',
  },
  {
    q: 'How much is delivery?',
    a: 'Delivery is £1.99 Monday to Friday and free on orders over £40. Saturday delivery is £2.99, free over £50. A one-off box adds a one-off fee. We don’t deliver on Sundays.',
  },
  {
    q: 'Can I freeze the dishes?',
    a: 'Yes: our fresh pasta and sauces freeze well for up to 1 month. Cook from frozen, adding a couple of minutes.',
  },
  {
    q: 'Where can I find allergen information?',
    a: 'Open any dish on the menu to see its allergens. Our kitchen handles all 14 major allergens, so we can’t rule out traces.',
  },
];

export function HowItWorksModal() {
  const open = useUi((s) => s.howItWorksOpen);
  const close = () => setUi({ howItWorksOpen: false });
  return (
    <Dialog open={open} onClose={close} title="How recipe kits work" name="how_it_works">
      <ol className="how-steps">
        <li>
          <strong>Choose your dishes.</strong> Pick from our weekly menu of fresh pasta, sauces and sides, for
          one week or many.
        </li>
        <li>
          <strong>We make it fresh.</strong> Our kitchen rolls the pasta and cooks the sauces the week you eat
          them.
        </li>
        <li>
          <strong>Cook in minutes.</strong> Everything arrives chilled and portioned; most dishes are ready in
          15 minutes.
        </li>
      </ol>
      <ul className="how-claims">
        {MARKETING_CLAIMS.map((claim) => (
          <li key={claim}>{claim}</li>
        ))}
      </ul>
      <h3 className="how-faqs__title">FAQs</h3>
      <div className="how-faqs">
        {FAQS.map((faq) => (
          <details key={faq.q}>
            <summary>{faq.q}</summary>
            <p>{faq.a}</p>
          </details>
        ))}
      </div>
      <Link to="/menu" className="button button--primary button--block" onClick={close}>
        See the menu
      </Link>
    </Dialog>
  );
}
