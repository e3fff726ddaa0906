import { button, greeting, p, render, type Block, type EmailOrder } from './templates';

// The emails about a box on its way (issue 12 part 2: fulfilment): out for delivery today, and delivered.

export function orderShipped({
  to,
  firstName,
  order,
  trackingUrl,
  link,
}: {
  to: string;
  firstName: string;
  order: EmailOrder;
  trackingUrl: string | null;
  link: string;
}) {
  const blocks: Block[] = [
    p(`Your box #${order.number} is out for delivery today and will be with you by 6pm.`),
    p('Please pop it in the fridge when it arrives: fresh pasta keeps best cold.'),
    { kind: 'order', order },
    ...(trackingUrl ? [button('Track your box', trackingUrl)] : []),
    button('See your order', link),
  ];
  return render({
    to,
    template: 'order_shipped',
    subject: `Your Sfoglia box #${order.number} is out for delivery`,
    preview: `Arriving today, ${order.deliveryDate}`,
    heading: 'Your box is on its way',
    greeting: greeting(firstName),
    blocks,
    signOff: 'Buon appetito,',
    reason: 'You’re receiving this because you ordered a box from Sfoglia.',
  });
}

export function orderDelivered({
  to,
  firstName,
  order,
  link,
}: {
  to: string;
  firstName: string;
  order: EmailOrder;
  link: string;
}) {
  return render({
    to,
    template: 'order_delivered',
    subject: `Your Sfoglia box #${order.number} has been delivered`,
    preview: `Delivered ${order.deliveryDate} to ${order.address}`,
    heading: 'Delivered',
    greeting: greeting(firstName),
    blocks: [
      p(`Your box #${order.number} was delivered to ${order.address}.`),
      p('Keep it in the fridge and cook the fresh pasta within three days.'),
      p('Something missing or not right? Reply to this email and we’ll put it right.'),
      button('See your order', link),
    ],
    signOff: 'Buon appetito,',
    reason: 'You’re receiving this because you ordered a box from Sfoglia.',
  });
}
