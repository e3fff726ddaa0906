import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isoDate } from './calendar';
import {
  cookingMinutesFromTags,
  cookingTimeTag,
  dishSummary,
  DOUBLE_PORTION_LABEL,
  plainText,
  formatCookingTime,
  offersDoublePortion,
  sectionTitle,
  groupBySection,
  isBundle,
  isDoubleVariantTitle,
  isGiftBox,
  isVisibleOnMenu,
  matchesFilter,
  matchesFilters,
  MENU_FILTERS,
  MENU_SECTIONS,
  OTHER_SECTION,
  portionLabel,
  REGULAR_PORTION_LABEL,
  sectionOf,
  sizeLabel,
  type MenuFilter,
  type MenuProductFacts,
} from './menu';

let nextId = 0;
const product = (tags: string[] = [], productType = 'Pasta', id = `p${++nextId}`): MenuProductFacts => ({
  id,
  tags,
  productType,
});
const none = new Set<string>();

describe('isVisibleOnMenu', () => {
  test('an ordinary dish is shown', () => {
    expect(isVisibleOnMenu(product(['vegetarian', 'allergen:101']), none)).toBe(true);
  });

  test.each([
    'hide-from-menu',
    'Hide-From-Menu',
    'HIDE-FROM-MENU',
    ' hide-from-menu ',
    'hide from menu',
    'hide_from_menu',
    'hide--from  menu',
  ])('the tag "%s" hides a dish', (tag) => {
    expect(isVisibleOnMenu(product(['vegetarian', tag]), none)).toBe(false);
  });

  test('a tag merely containing the words does not hide it', () => {
    expect(isVisibleOnMenu(product(['hide-from-menu-later', 'do-not-hide-from-menu']), none)).toBe(true);
  });

  test.each(['Gift Box', 'gift-box', 'GIFT BOX', 'gift_box', ' Gift  Box '])(
    'type "%s" is a gift box and hidden',
    (type) => {
      expect(isGiftBox(product([], type))).toBe(true);
      expect(isVisibleOnMenu(product([], type), none)).toBe(false);
    },
  );

  test('other types are not gift boxes', () => {
    expect(isGiftBox(product([], 'Giftbox card'))).toBe(false);
    expect(isGiftBox(product([], 'Pasta'))).toBe(false);
  });

  test.each(['Bundle', 'bundle', 'BUNDLE', ' bundle '])(
    'type "%s" shows only when in the bundles list',
    (type) => {
      const bundle = product([], type, 'bundle-1');
      expect(isBundle(bundle)).toBe(true);
      expect(isVisibleOnMenu(bundle, none)).toBe(false);
      expect(isVisibleOnMenu(bundle, new Set(['bundle-2']))).toBe(false);
      expect(isVisibleOnMenu(bundle, new Set(['bundle-1', 'bundle-2']))).toBe(true);
    },
  );

  test('a listed bundle is still hidden by the hide-from-menu tag', () => {
    expect(isVisibleOnMenu(product(['Hide From Menu'], 'Bundle', 'b'), new Set(['b']))).toBe(false);
  });
});

describe('matchesFilter', () => {
  const cases: [MenuFilter, MenuProductFacts[], MenuProductFacts[]][] = [
    [
      'Meat & Fish',
      [product(['meat']), product(['Fish']), product([' MEAT '])],
      [product(['vegetarian']), product(['meaty'])],
    ],
    [
      'Free From',
      [product(['gluten-free']), product(['Gluten Free']), product(['dairy_free']), product(['free-from'])],
      [product(['gluten']), product(['vegan'])],
    ],
    ['Vegetarian', [product(['vegetarian']), product(['Vegan'])], [product(['meat']), product(['veg'])]],
    ['Kids', [product(['kids']), product(['KIDS'])], [product(['kid']), product(['family'])]],
    ['Sides', [product([], 'Side'), product(['side'])], [product([], 'Pasta'), product(['sidekick'])]],
    ['Desserts', [product([], 'Dessert'), product(['dessert'])], [product([], 'Pasta'), product(['sweet'])]],
    ['Bundles', [product([], 'Bundle'), product([], 'bundle')], [product(['bundle']), product([], 'Pasta')]],
    [
      'Create Your Own',
      [product(['create-your-own']), product(['Create Your Own']), product(['create_your_own'])],
      [product(['create']), product([])],
    ],
  ];

  test('there are the spec’s 8 filters', () => {
    expect([...MENU_FILTERS]).toEqual([
      'Meat & Fish',
      'Free From',
      'Vegetarian',
      'Kids',
      'Sides',
      'Desserts',
      'Bundles',
      'Create Your Own',
    ]);
    expect(cases.map(([filter]) => filter)).toEqual([...MENU_FILTERS]);
  });

  test.each(cases)('%s', (filter, matching, notMatching) => {
    for (const p of matching) expect(matchesFilter(p, filter), JSON.stringify(p)).toBe(true);
    for (const p of notMatching) expect(matchesFilter(p, filter), JSON.stringify(p)).toBe(false);
  });

  test('matchesFilters: no filter shows everything; several filters must all match', () => {
    const kidsVeg = product(['kids', 'vegetarian']);
    const kidsMeat = product(['kids', 'meat']);
    expect(matchesFilters(kidsMeat, [])).toBe(true);
    expect(matchesFilters(kidsVeg, ['Kids', 'Vegetarian'])).toBe(true);
    expect(matchesFilters(kidsMeat, ['Kids', 'Vegetarian'])).toBe(false);
    expect(matchesFilters(kidsMeat, ['Kids'])).toBe(true);
  });
});

describe('sectionOf', () => {
  test.each([
    [product([], 'Bundle'), 'Bundles'],
    [product(['special', 'side'], 'Pasta'), 'Sides'],
    [product([], 'Side'), 'Sides'],
    [product([], 'Dessert'), 'Desserts'],
    [product(['special', 'vegetarian']), "This Week's Specials"],
    [product(['Favourite', 'kids']), 'Customer Favourites'],
    [product(['vegetarian']), 'Vegetarian'],
    [product(['vegan']), 'Vegetarian'],
    [product(['kids']), 'Kids'],
    [product(['create-your-own']), 'Create Your Own'],
    [product(['meat']), OTHER_SECTION],
    [product([]), OTHER_SECTION],
  ] as const)('%j → %s', (p, section) => {
    expect(sectionOf(p)).toBe(section);
  });
});

describe('groupBySection', () => {
  const TAGS = [
    'meat',
    'Fish',
    'vegetarian',
    'Vegan',
    'kids',
    'side',
    'dessert',
    'special',
    'favourite',
    'gluten-free',
    'create-your-own',
    'spicy',
  ];
  const TYPES = ['Pasta', 'Sauce', 'Side', 'Dessert', 'Bundle'];
  const productsArb = fc
    .array(fc.tuple(fc.subarray(TAGS), fc.constantFrom(...TYPES)), { maxLength: 30 })
    .map((rows) => rows.map(([tags, type], i) => product(tags, type, `item-${i}`)));
  const ORDER: string[] = [...MENU_SECTIONS, OTHER_SECTION];

  test('example', () => {
    const a = product(['vegetarian'], 'Pasta', 'a');
    const b = product(['special'], 'Pasta', 'b');
    const c = product(['meat'], 'Pasta', 'c');
    const e = product(['vegan'], 'Pasta', 'e');
    const f = product([], 'Side', 'f');
    expect(groupBySection([a, b, c, e, f])).toEqual([
      { section: "This Week's Specials", products: [b] },
      { section: 'Vegetarian', products: [a, e] },
      { section: 'Sides', products: [f] },
      { section: OTHER_SECTION, products: [c] },
    ]);
    expect(groupBySection([])).toEqual([]);
  });

  test('sections come in the spec order', () => {
    expect([...MENU_SECTIONS]).toEqual([
      "This Week's Specials",
      'Customer Favourites',
      'Vegetarian',
      'Kids',
      'Sides',
      'Desserts',
      'Bundles',
      'Create Your Own',
    ]);
  });

  test('property: every product in exactly one section, sections in order, order kept within a section', () => {
    fc.assert(
      fc.property(productsArb, (products) => {
        const groups = groupBySection(products);
        // Every product exactly once, and in the section sectionOf names.
        expect(groups.flatMap((g) => g.products.map((p) => p.id)).sort()).toEqual(
          products.map((p) => p.id).sort(),
        );
        for (const group of groups) {
          expect(group.products.length).toBeGreaterThan(0);
          for (const p of group.products) expect(sectionOf(p)).toBe(group.section);
          // Order within a section is the input order.
          expect(group.products).toEqual(products.filter((p) => sectionOf(p) === group.section));
        }
        // Sections in spec order, each at most once.
        const indexes = groups.map((g) => ORDER.indexOf(g.section));
        expect(indexes.every((i) => i >= 0)).toBe(true);
        expect(indexes).toEqual([...new Set(indexes)].sort((x, y) => x - y));
      }),
    );
  });
});

describe('portions and sizes', () => {
  test('portionLabel', () => {
    expect(portionLabel(true)).toBe('Double Portion (Serves 2)');
    expect(portionLabel(false)).toBe('Regular');
    expect(DOUBLE_PORTION_LABEL).toBe('Double Portion (Serves 2)');
    expect(REGULAR_PORTION_LABEL).toBe('Regular');
  });

  test.each([
    ['Double Portion (Serves 2)', true],
    ['double', true],
    ['DOUBLE PORTION', true],
    ['Regular', false],
    ['Single', false],
    ['Serves 2', false],
    ['', false],
  ])('isDoubleVariantTitle("%s") → %s', (title, expected) => {
    expect(isDoubleVariantTitle(title)).toBe(expected);
  });

  test.each([
    ['Double Portion (Serves 2)', 'Grande'],
    ['DOUBLE', 'Grande'],
    ['Bigger bowl', 'Grande'],
    ['BIGGER', 'Grande'],
    ['Grande', 'Grande'],
    ['grande', 'Grande'],
    ['Make it GRANDE', 'Grande'],
    ['Regular', 'Single'],
    ['Single', 'Single'],
    ['Big', 'Single'],
    ['', 'Single'],
  ] as const)('sizeLabel("%s") → %s', (name, expected) => {
    expect(sizeLabel(name)).toBe(expected);
  });
});

describe('sectionTitle', () => {
  const now = new Date('2026-11-18T10:00:00Z'); // Wednesday of the week of 16 November
  test('the specials are named after the week shown', () => {
    expect(sectionTitle("This Week's Specials", isoDate('2026-11-16'), now)).toBe("This Week's Specials");
    expect(sectionTitle("This Week's Specials", isoDate('2026-11-23'), now)).toBe("Next Week's Specials");
    expect(sectionTitle("This Week's Specials", isoDate('2026-11-09'), now)).toBe("Last Week's Specials");
    expect(sectionTitle("This Week's Specials", isoDate('2026-11-30'), now)).toBe(
      'Specials for 30 Nov – 5 Dec',
    );
  });

  test('the other sections keep the spec’s names whatever the week', () => {
    for (const section of [...MENU_SECTIONS.slice(1), OTHER_SECTION] as const) {
      expect(sectionTitle(section, isoDate('2026-11-30'), now)).toBe(section);
    }
  });

  test('property: no week but the current one is called "this week"', () => {
    const weeks = fc
      .integer({ min: -3, max: 8 })
      .map((n) => isoDate(new Date(Date.UTC(2026, 10, 16 + n * 7)).toISOString().slice(0, 10)));
    fc.assert(
      fc.property(weeks, (week) => {
        const title = sectionTitle("This Week's Specials", week, now);
        expect(/this week/i.test(title)).toBe(week === '2026-11-16');
      }),
    );
  });
});

describe('offersDoublePortion', () => {
  test('a main dish has a double portion', () => {
    expect(offersDoublePortion(product(['meat'], 'Pasta Kit'))).toBe(true);
    expect(offersDoublePortion(product(['vegetarian', 'kids'], 'Pasta'))).toBe(true);
  });

  test.each([
    ['a side', product(['side'], 'Side')],
    ['a side by its tag', product(['Side'], 'Pasta Kit')],
    ['a dessert', product(['dessert'], 'Dessert')],
    ['a dessert by its type only', product([], 'dessert')],
    ['a bundle (a meal for two or more)', product(['meat'], 'Bundle')],
    ['a gift box (already for two or more)', product([], 'Gift Box')],
  ])('%s has none', (_name, p) => {
    expect(offersDoublePortion(p)).toBe(false);
  });
});

describe('cooking times', () => {
  test('read from the cooking-time tag', () => {
    expect(cookingMinutesFromTags(['meat', cookingTimeTag(12)])).toBe(12);
    expect(cookingMinutesFromTags(['Cooking-Time:40 '])).toBe(40);
    expect(cookingTimeTag(8)).toBe('cooking-time:8');
  });

  test.each([
    [[]],
    [['cooking-time:0']],
    [['cooking-time:']],
    [['cooking-time:abc']],
    [['cooking-time:1000']],
    [['cooking-time:241']],
    [['xcooking-time:5']],
  ])('none from %j', (tags) => {
    expect(cookingMinutesFromTags(tags)).toBeNull();
  });

  test('property: any sensible time survives its tag', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 240 }),
        fc.array(fc.constantFrom('meat', 'vegan', 'allergen:101')),
        (minutes, others) => {
          expect(cookingMinutesFromTags([...others, cookingTimeTag(minutes)])).toBe(minutes);
        },
      ),
    );
  });

  test('formatted in minutes, then hours', () => {
    expect(formatCookingTime(8)).toBe('8 min');
    expect(formatCookingTime(40)).toBe('40 min');
    expect(formatCookingTime(60)).toBe('1 hr');
    expect(formatCookingTime(75)).toBe('1 hr 15 min');
  });
});

describe('dishSummary', () => {
  test('the first sentence of the description, as plain text', () => {
    expect(
      dishSummary(
        '<p>Roll, fill and crimp your own ravioli: ricotta &amp; lemon, and spinach &#38; nutmeg. The kit has the sheets. <strong>Ready in 30 minutes.</strong></p>',
      ),
    ).toBe('Roll, fill and crimp your own ravioli: ricotta & lemon, and spinach & nutmeg.');
    expect(dishSummary("<p>Bronze-die rigatoni in a fiery 'nduja sauce</p>")).toBe(
      "Bronze-die rigatoni in a fiery 'nduja sauce",
    );
    expect(dishSummary('')).toBe('');
  });

  test('a full stop inside a word or number does not end it', () => {
    expect(dishSummary('<p>Aged 24.5 months. Then more.</p>')).toBe('Aged 24.5 months.');
  });

  test('property: plain text never carries markup', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        expect(plainText(`<p>${text}</p>`)).not.toMatch(/<p>|<\/p>/);
      }),
    );
  });
});
