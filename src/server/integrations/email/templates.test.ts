import { describe, expect, test } from 'vitest';
import type { EmailMessage, EmailTemplate } from './index';
import { tabReceipt, tabShareReceipt } from './tab-templates';
import { escapeHtml, extractLinks } from './html';
import {
  accountExists,
  accountSetup,
  confirmSignUp,
  giftConfirmation,
  giftOnItsWay,
  orderConfirmation,
  passwordChanged,
  passwordReset,
  signInLink,
  welcome,
  type EmailOrder,
} from './templates';

// The account emails (spec §6): every template's subject, its links in both parts, names escaped, and HTML
// that keeps to what email clients render (inline styles, no remote content, no scripts).

const to = 'anna@example.com';
const link = 'https://shop.sfoglia.example/?token=abc123&next=%2Fmenu';
const resetLink = 'https://shop.sfoglia.example/forgot-password/reset?token=def456&via=email';

const box: EmailOrder = {
  number: 100042,
  deliveryDate: 'Monday 23 November',
  address: '10 Downing Street, London, SW1A 2AA',
  lines: [
    {
      quantity: 2,
      title: 'Crab & Chilli Linguine',
      portion: 'Regular',
      unitPrice: '£11.50',
      total: '£23.00',
    },
    {
      quantity: 1,
      title: 'Lamb Shoulder Orecchiette',
      portion: 'Double Portion (Serves 2)',
      unitPrice: '£19.80',
      total: '£19.80',
    },
    { quantity: 1, title: 'Tiramisù', portion: 'Regular', unitPrice: '£5.50', total: 'Free' },
  ],
  totals: [
    ['Dishes', '£42.80'],
    ['Discount (10EXTRA)', '−£10.00'],
    ['Delivery', '£1.99'],
    ['Total', '£34.79'],
  ],
};
const gift: EmailOrder = {
  number: 100043,
  deliveryDate: 'Wednesday 2 December',
  address: '1 Via Roma Road, Edinburgh, EH1 1AA',
  lines: [
    { quantity: 1, title: 'Date Night Gift Box', portion: 'Regular', unitPrice: '£42.00', total: '£42.00' },
  ],
  totals: [
    ['Gift box', '£42.00', 'item'],
    ['Delivery', 'Free', 'fee'],
    ['Total', '£42.00', 'total'],
    ['Store credit used', '−£5.00', 'credit'],
    ['Charged to Visa ending 4242', '£37.00', 'charged'],
  ],
};
const giftFor = (recipientTold: boolean) =>
  giftConfirmation({
    to,
    firstName: 'Grace',
    recipientName: 'Anna',
    recipientTold,
    message: 'Buon compleanno!',
    deliveryDay: 'Wed 2 Dec',
    order: gift,
    link,
  });

const cases: { template: EmailTemplate; subject: RegExp; message: EmailMessage; links: string[] }[] = [
  {
    template: 'confirm_sign_up',
    subject: /^Please confirm your email for your Sfoglia account$/,
    message: confirmSignUp({ to, firstName: 'Anna', link, resetLink }),
    links: [link, resetLink],
  },
  {
    template: 'account_exists',
    subject: /already have a Sfoglia account/,
    message: accountExists({ to, signInLink: link, resetLink }),
    links: [link, resetLink],
  },
  {
    template: 'welcome',
    subject: /^Welcome to Sfoglia$/,
    message: welcome({ to, firstName: 'Anna' }),
    links: [],
  },
  {
    template: 'password_reset',
    subject: /^Reset your Sfoglia password$/,
    message: passwordReset({ to, link: resetLink }),
    links: [resetLink],
  },
  {
    template: 'password_changed',
    subject: /password has been changed/,
    message: passwordChanged({ to }),
    links: [],
  },
  {
    template: 'sign_in_link',
    subject: /^Your sign-in link$/,
    message: signInLink({ to, link }),
    links: [link],
  },
  {
    template: 'account_setup',
    subject: /^Set a password for your Sfoglia account$/,
    message: accountSetup({ to, firstName: 'Anna', link: resetLink }),
    links: [resetLink],
  },
  {
    template: 'order_confirmation',
    subject: /^Your Sfoglia box is booked$/,
    message: orderConfirmation({
      to,
      firstName: 'Anna',
      orders: [box],
      paid: [],
      link,
    }),
    links: [link],
  },
  {
    template: 'gift_confirmation',
    subject: /^Your gift for Anna arrives on Wed 2 Dec$/,
    message: giftFor(true),
    links: [link],
  },
  {
    template: 'tab_receipt',
    subject: /^Your tab at Sfoglia Soho was closed$/,
    message: tabReceipt({
      to,
      firstName: 'Anna',
      restaurant: 'Sfoglia Soho',
      table: 'table 12',
      closedBy: 'clock',
      closedAt: '11:30pm',
      rounds: ['Round 1 (Anna): Cacio e Pepe  £14.50'],
      totals: [
        ['Food and drink (1 round)', '£14.50', 'item'],
        ['Tip (none added when a tab closes by itself)', '£0.00', 'tip'],
        ['Charged to Visa ending 4242', '£14.50', 'charged'],
      ],
      link,
    }),
    links: [link],
  },
  {
    template: 'tab_share_receipt',
    subject: /^Your receipt from Sfoglia Soho$/,
    message: tabShareReceipt({
      to,
      firstName: 'Sam',
      restaurant: 'Sfoglia Soho',
      part: 'Share 2 of 3',
      totals: [
        ['Your part', '£12.00', 'item'],
        ['Your tip', '£1.20', 'tip'],
        ['You paid', '£13.20', 'charged'],
      ],
      link,
    }),
    links: [link],
  },
];

describe('a tab closed by itself', () => {
  test('says so, that no tip was added, and shows the tip as its own row', () => {
    const message = cases.find((c) => c.template === 'tab_receipt')!.message;
    expect(message.text).toMatch(/closed by itself at 11:30pm/);
    expect(message.text).toMatch(/added no tip/);
    expect(message.text).toContain('Tip (none added when a tab closes by itself): £0.00');
  });
});

describe.each(cases)('$template', ({ template, subject, message, links }) => {
  test('is addressed, named and has its subject', () => {
    expect(message.to).toBe(to);
    expect(message.template).toBe(template);
    expect(message.subject).toMatch(subject);
  });

  test('plain text has every link, on its own line, and no other', () => {
    expect(extractLinks(message.text)).toEqual(links);
    for (const url of links) expect(message.text.split('\n')).toContain(url);
    expect(message.text).toMatch(/The Sfoglia kitchen/);
    expect(message.text).not.toMatch(/<[a-z]/i);
  });

  test('HTML has a button and the raw link for every link, escaped', () => {
    for (const url of links) {
      const escaped = escapeHtml(url);
      expect(escaped).not.toBe(url); // the & in the test links must be escaped
      // The button and the link written out, both pointing at it.
      expect(message.html.split(`<a href="${escaped}"`).length - 1).toBe(2);
      expect(message.html).toContain(`>${escaped}</a>`);
      expect(message.html).not.toContain(url);
    }
  });

  test('HTML is a whole British English document with inline styles only and nothing remote', () => {
    expect(message.html).toMatch(/^<!doctype html>\n<html lang="en-GB">/);
    expect(message.html).toContain(`<title>${escapeHtml(message.subject)}</title>`);
    expect(message.html).not.toMatch(/<(style|script|link|img|iframe|form)\b/i);
    expect(message.html).not.toMatch(/\ssrc=|url\(|\son[a-z]+=/i);
    expect(message.html).toContain('#576458');
    const hrefs = [...message.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(new Set(hrefs)).toEqual(new Set(links.map(escapeHtml)));
  });
});

describe('names', () => {
  test('a first name greets in both parts, escaped in HTML', () => {
    const message = confirmSignUp({ to, firstName: "Siobhán O'Neill-Brown", link, resetLink });
    expect(message.text).toMatch(/^Hello Siobhán O'Neill-Brown,\n/);
    expect(message.html).toContain('Hello Siobhán O&#39;Neill-Brown,');
    expect(message.html).not.toContain("O'Neill");
  });

  test('markup in a name never reaches the HTML', () => {
    for (const make of [confirmSignUp, accountSetup]) {
      const message = make({ to, firstName: '<img src=x onerror=alert(1)>"&', link, resetLink });
      expect(message.html).not.toMatch(/<img|onerror|"&/);
      expect(message.text).toMatch(/^Hello,\n/);
    }
    const welcomed = welcome({ to, firstName: '<b>Eve</b>' });
    expect(welcomed.html).not.toContain('<b>');
    expect(welcomed.text).not.toContain('<b>');
  });

  test('a "name" carrying a web address is left out, so a stranger cannot put a link in our email', () => {
    for (const firstName of [
      'Visit evil.example now',
      'https://evil.example',
      'www.evil.example',
      'Bob@evil',
    ]) {
      const message = confirmSignUp({ to, firstName, link, resetLink });
      expect(message.text).toMatch(/^Hello,\n/);
      expect(message.text).not.toContain('evil');
      expect(message.html).not.toContain('evil');
      expect(extractLinks(message.text)).toEqual([link, resetLink]);
    }
  });

  test('an empty or spaced-out name gives a plain greeting; spacing is tidied', () => {
    expect(welcome({ to, firstName: '' }).text).toMatch(/^Hello,\n/);
    expect(welcome({ to, firstName: '   ' }).text).toMatch(/^Hello,\n/);
    expect(welcome({ to, firstName: '  Jean \n Luc ' }).text).toMatch(/^Hello Jean Luc,\n/);
  });
});

describe('what each email promises', () => {
  test('lifetimes match the tokens behind the links', () => {
    expect(confirmSignUp({ to, firstName: 'A', link, resetLink }).text).toMatch(/24 hours/);
    expect(signInLink({ to, link }).text).toMatch(/expires in 15 minutes/);
    expect(passwordReset({ to, link }).text).toMatch(/expires in 1 hour/);
    expect(accountExists({ to, signInLink: link, resetLink }).text).toMatch(/15 minutes[\s\S]*1 hour/);
    expect(accountSetup({ to, firstName: 'A', link }).text).toMatch(/3 days/);
  });

  test('security emails say what to do when it was not you', () => {
    expect(passwordReset({ to, link }).text).toMatch(/didn’t ask/);
    expect(signInLink({ to, link }).text).toMatch(/didn’t ask/);
    expect(accountExists({ to, signInLink: link, resetLink }).text).toMatch(/wasn’t you/);
    const changed = passwordChanged({ to }).text;
    expect(changed).toMatch(/signed you out on your other devices/);
    expect(changed).toMatch(/reset your password now/);
  });
});

describe('links', () => {
  test('must be absolute http(s) URLs', () => {
    expect(() => signInLink({ to, link: '/relative' })).toThrow(/absolute/);
    expect(() => signInLink({ to, link: 'javascript:alert(1)' })).toThrow(/http/);
    expect(() => accountExists({ to, signInLink: link, resetLink: 'data:text/html,x' })).toThrow(/http/);
  });

  test('extractLinks finds http(s) URLs in order and leaves sentence punctuation off', () => {
    expect(
      extractLinks(
        'Go to https://a.example/x?y=1&z=2. Then http://b.example/(see), or (https://a.example/x?y=1&z=2)!',
      ),
    ).toEqual(['https://a.example/x?y=1&z=2', 'http://b.example/(see)', 'https://a.example/x?y=1&z=2']);
    expect(extractLinks('ftp://nope.example and mailto:me@example.com')).toEqual([]);
  });
});

describe('escapeHtml', () => {
  test('escapes the five characters that matter in content and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });
});

describe('what you ordered (issue 9)', () => {
  test('the order confirmation lists every dish on its own line: how many, the dish, its portion, its price', () => {
    const message = orderConfirmation({
      to,
      firstName: 'Anna',
      orders: [box, { ...box, number: 100044, deliveryDate: 'Monday 30 November' }],
      paid: [
        ['Total for 2 orders', '£69.58', 'total'],
        ['Store credit used', '−£10.00', 'credit'],
        ['Charged to Visa ending 4242', '£59.58', 'charged'],
      ],
      link,
    });
    expect(message.subject).toBe('Your 2 Sfoglia boxes are booked');
    const lines = message.text.split('\n');
    expect(lines).toContain('Order #100042, Monday 23 November');
    expect(lines).toContain('To: 10 Downing Street, London, SW1A 2AA');
    expect(lines).toContain('2 × Crab & Chilli Linguine, Regular, £11.50 each: £23.00');
    expect(lines).toContain('1 × Lamb Shoulder Orecchiette, Double Portion (Serves 2): £19.80');
    expect(lines).toContain('1 × Tiramisù, Regular: Free');
    expect(lines).toContain('Discount (10EXTRA): −£10.00');
    expect(lines).toContain('Total: £34.79');
    expect(lines).toContain('Order #100044, Monday 30 November');
    // What paid for both, once, after them (issue 19): the credit used and what the card was charged.
    expect(lines).toContain('Total for 2 orders: £69.58');
    expect(lines).toContain('Store credit used: −£10.00');
    expect(lines).toContain('Charged to Visa ending 4242: £59.58');
    expect(message.text).not.toMatch(/Paid:/);
    // HTML: a table row per dish, names escaped; the totals and the charge in bold.
    expect(message.html.split(' ×</td>')).toHaveLength(2 * box.lines.length + 1);
    expect(message.html.split('>Total</td>')).toHaveLength(3);
    expect(message.html).toMatch(/font-weight:bold;[^>]*>Charged to Visa ending 4242<\/td>/);
    expect(message.html).toContain('<strong>Crab &amp; Chilli Linguine</strong>');
    expect(message.html).toContain('Regular · £11.50 each');
    // No promise of changes the account cannot make.
    expect(message.text).not.toMatch(/change your delivery details/);
  });

  test('markup in a dish or address never reaches the HTML', () => {
    const message = orderConfirmation({
      to,
      firstName: 'Anna',
      orders: [
        {
          ...box,
          address: '<img src=x onerror=alert(1)>',
          lines: [{ ...box.lines[0]!, title: '<script>alert(1)</script>' }],
        },
      ],
      paid: [],
      link,
    });
    expect(message.html).not.toMatch(/<script|<img/);
    expect(message.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  test('a gift’s buyer gets a gift-shaped email, not "Your Sfoglia box is booked"', () => {
    const told = giftFor(true);
    expect(told.template).toBe('gift_confirmation');
    expect(told.subject).toBe('Your gift for Anna arrives on Wed 2 Dec');
    expect(told.subject).not.toMatch(/box is booked/);
    expect(told.text).toContain(
      'Your gift for Anna arrives on Wednesday 2 December at 1 Via Roma Road, Edinburgh, EH1 1AA',
    );
    expect(told.text).toContain('1 × Date Night Gift Box, Regular: £42.00');
    expect(told.text).toContain('The card says: “Buon compleanno!”');
    expect(told.text).toContain('We’ve emailed Anna to say it’s coming');
    // Its receipt says what the credit paid and what the card was charged (issue 19), never only £42.00.
    expect(told.text).toContain(
      'Total: £42.00\nStore credit used: −£5.00\nCharged to Visa ending 4242: £37.00',
    );
    expect(giftFor(false).text).toContain('We haven’t told Anna it’s coming, so it can be a surprise.');
  });

  test('the recipient’s own email never shows the price', () => {
    const notice = giftOnItsWay({
      to: 'anna@example.com',
      recipientName: 'Anna',
      senderName: 'Grace Hopper',
      box: 'Date Night Gift Box',
      deliveryDate: 'Wednesday 2 December',
      message: 'Buon compleanno!',
    });
    expect(notice.subject).toBe('Grace Hopper has sent you a Sfoglia gift box');
    expect(notice.text).not.toContain('£');
    expect(notice.html).not.toContain('£');
  });
});
