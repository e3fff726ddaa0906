import { describe, expect, test } from 'vitest';
import type { EmailMessage, EmailTemplate } from './index';
import { escapeHtml, extractLinks } from './html';
import {
  accountExists,
  accountSetup,
  confirmSignUp,
  passwordChanged,
  passwordReset,
  signInLink,
  welcome,
} from './templates';

// The account emails (spec §6): every template's subject, its links in both parts, names escaped, and HTML
// that keeps to what email clients render (inline styles, no remote content, no scripts).

const to = 'anna@example.com';
const link = 'https://shop.sfoglia.example/?token=abc123&next=%2Fmenu';
const resetLink = 'https://shop.sfoglia.example/forgot-password/reset?token=def456&via=email';

const cases: { template: EmailTemplate; subject: RegExp; message: EmailMessage; links: string[] }[] = [
  {
    template: 'confirm_sign_up',
    subject: /^Confirm your email to finish setting up your Sfoglia account$/,
    message: confirmSignUp({ to, firstName: 'Anna', link }),
    links: [link],
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
];

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
    const message = confirmSignUp({ to, firstName: "Siobhán O'Neill-Brown", link });
    expect(message.text).toMatch(/^Hello Siobhán O'Neill-Brown,\n/);
    expect(message.html).toContain('Hello Siobhán O&#39;Neill-Brown,');
    expect(message.html).not.toContain("O'Neill");
  });

  test('markup in a name never reaches the HTML', () => {
    for (const make of [confirmSignUp, accountSetup]) {
      const message = make({ to, firstName: '<img src=x onerror=alert(1)>"&', link });
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
      const message = confirmSignUp({ to, firstName, link });
      expect(message.text).toMatch(/^Hello,\n/);
      expect(message.text).not.toContain('evil');
      expect(message.html).not.toContain('evil');
      expect(extractLinks(message.text)).toEqual([link]);
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
    expect(confirmSignUp({ to, firstName: 'A', link }).text).toMatch(/24 hours/);
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
