import { button, greeting, p, render, type Block } from './templates';

// The emails about a customer's Pasta Plan (issue 12 part 4): a receipt for every change the customer makes
// (skip, unskip, pause, activate, schedule, cancel…), so that what the plan will do is always in writing.

/**
 * A receipt for a change to the plan: what changed, which weeks it affects, what happens next, and a link
 * to the plan. `paragraphs` are the change's own words (from the subscriptions area).
 */
export function planChanged({
  to,
  firstName,
  subject,
  heading,
  paragraphs,
  link,
  linkLabel = 'See your pasta plan',
}: {
  to: string;
  firstName: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  link: string;
  linkLabel?: string;
}) {
  const blocks: Block[] = [...paragraphs.map(p), button(linkLabel, link)];
  return render({
    to,
    template: 'plan_changed',
    subject,
    preview: paragraphs[0] ?? heading,
    heading,
    greeting: greeting(firstName),
    blocks,
    reason: 'You’re receiving this because your Sfoglia pasta plan changed. We send one for every change.',
  });
}
