import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  addDays,
  daysBetween,
  isoDate,
  londonDate,
  londonInstant,
  weekdayOf,
  type IsoDate,
} from '../../../domain/calendar';
import type { DbOrTx } from '../client';
import { media } from '../schema/catalogue';
import { eventSlots, eventTemplates, eventUpgrades } from '../schema/events';
import { dishSvg } from './dish-art';
import type { DishArt } from './dishes';
import { drinkSvg, type DrinkArt } from './drink-art';

// The demo events (issue 22 part 1): a fresh-pasta class, a supper club and a kids' ravioli morning, each with
// its add-ons, hosted by three of the demo restaurants, with dated slots over the next ten weeks from `now`.
// Seeded at every start and idempotent like the menu: templates and add-ons follow the seed, a slot's id comes
// from its template, restaurant and start, so a later start tops the window up and never doubles a sitting.
// No bookings are seeded: every seat is free until someone books it.

type Art = { dish: DishArt } | { drink: DrinkArt };

interface TemplateSeed {
  n: number;
  row: Omit<typeof eventTemplates.$inferInsert, 'images' | 'position'>;
  pictures: { art: DishArt; title: string }[];
  upgrades: (Omit<typeof eventUpgrades.$inferInsert, 'templateId' | 'imageUrl' | 'position'> & {
    art: Art;
  })[];
  /** The sittings: which weekday, where, when, how many seats; `fortnightly` runs on even weeks only. */
  sittings: {
    weekday: number;
    restaurantId: string;
    hours: number;
    capacity: number;
    fortnightly?: boolean;
    /** Added to the template's adult price (a Saturday supper club). */
    surcharge?: number;
  }[];
}

const dish = (shape: DishArt['shape'], sauce: string, garnish: string, plate: string): DishArt => ({
  shape,
  sauce,
  garnish,
  plate,
});

const TEMPLATES: readonly TemplateSeed[] = [
  {
    n: 1,
    row: {
      id: 'fresh-pasta-class',
      theme: 'class',
      title: 'Fresh pasta class',
      summary: 'Make egg pasta from scratch with our chefs, then sit down to eat what you made.',
      description:
        'Three hours at the pasta bench with one of our chefs. You start with flour and eggs and learn to ' +
        'mix, knead and rest a dough, then roll it by hand with a long pin, the way it is done in Emilia. ' +
        'From the same sheet you cut tagliatelle and pappardelle and fold tortellini, while the chef makes ' +
        'a butter and sage sauce and a slow ragù. We finish at the table with what you made, a salad and ' +
        'bread. Groups of up to 12, so everyone gets help. Suitable for complete beginners.',
      durationMinutes: 180,
      included: [
        'All ingredients, aprons and equipment',
        'A glass of prosecco or a soft drink on arrival',
        'Dinner of the pasta you make, with salad and bread',
        'Recipe cards to take home',
      ],
      bring: ['Long hair tied back', "Comfortable shoes: you'll be standing for most of it", 'An appetite'],
      adultPrice: 6500,
      childPrice: 4500,
      childNote: 'Ages 12 to 17, each with an adult',
      maxGuests: 8,
    },
    pictures: [
      { art: dish('tagliatelle', '#f0cf72', '#5d7f3a', '#d9d2c5'), title: 'Fresh tagliatelle' },
      { art: dish('tortellini', '#f1e3c2', '#6b4a2b', '#e6dcc6'), title: 'Tortellini folded by hand' },
    ],
    upgrades: [
      {
        id: 'class-wine-pairing',
        title: 'Wine pairing',
        description: 'A glass of Italian wine chosen for each pasta: three glasses in all.',
        price: 2500,
        perGuest: true,
        art: { drink: { shape: 'bottle', body: '#6b1f2a', accent: '#e8dcc0' } },
      },
      {
        id: 'class-pasta-kit',
        title: 'Take-home pasta kit',
        description:
          '00 flour, semolina, a pasta cutter and a recipe card, so you can do it all again at home.',
        price: 1800,
        perGuest: false,
        art: { dish: dish('box', '#8b2e1f', '#f2e6c4', '#e6dcc6') },
      },
      {
        id: 'class-apron',
        title: 'Sfoglia apron',
        description: 'A heavy cotton apron with the Sfoglia mark, yours to keep.',
        price: 1500,
        perGuest: false,
        art: { dish: dish('box', '#3d5a73', '#f7f3ea', '#e6dcc6') },
      },
    ],
    sittings: [
      { weekday: 4, restaurantId: 'soho', hours: 19, capacity: 12 },
      { weekday: 2, restaurantId: 'islington', hours: 19, capacity: 10, fortnightly: true },
    ],
  },
  {
    n: 2,
    row: {
      id: 'supper-club',
      theme: 'supper_club',
      title: 'Sfoglia supper club',
      summary: "Five courses from the chef's seasonal menu, at one long table with other guests.",
      description:
        'Our supper club is a long table, a set menu and the kitchen open to the room. The chef cooks five ' +
        'courses from what is in season: antipasti to share, two pastas made that afternoon, a main and a ' +
        'dessert, and comes out to talk you through each one. You will sit with other guests, so come ' +
        'ready to chat. Tell us about allergies and diets when you book and we will cook around them. ' +
        'Saturday sittings have an extra course of cheese.',
      durationMinutes: 180,
      included: [
        'Five courses from the seasonal menu (six on Saturdays)',
        'An aperitivo on arrival',
        'Still and sparkling water, coffee and biscotti',
      ],
      bring: ['An appetite', 'Something warm: the room is by the door'],
      adultPrice: 5500,
      childPrice: null,
      childNote: null,
      maxGuests: 8,
    },
    pictures: [
      { art: dish('pappardelle', '#8b2e1f', '#efe3b8', '#7d8791'), title: 'Pappardelle at the supper club' },
      { art: dish('lasagne', '#c2412b', '#f7f3ea', '#55585c'), title: 'Lasagne from the supper club' },
    ],
    upgrades: [
      {
        id: 'supper-wine-pairing',
        title: 'Wine pairing',
        description: 'A glass of Italian wine with each course, chosen by our sommelier.',
        price: 2500,
        perGuest: true,
        art: { drink: { shape: 'bottle', body: '#4a1622', accent: '#f0e6d0' } },
      },
      {
        id: 'supper-pasta-kit',
        title: 'Take-home pasta kit',
        description: "A box of the night's fresh pasta and its sauce for two, to cook at home.",
        price: 1800,
        perGuest: false,
        art: { dish: dish('box', '#a8431f', '#f6d7c3', '#e6dcc6') },
      },
    ],
    sittings: [
      { weekday: 5, restaurantId: 'borough', hours: 19, capacity: 16 },
      { weekday: 6, restaurantId: 'borough', hours: 19, capacity: 16, surcharge: 1000 },
    ],
  },
  {
    n: 3,
    row: {
      id: 'kids-ravioli-morning',
      theme: 'kids',
      title: "Kids' ravioli morning",
      summary: 'Children make, fill and seal their own ravioli, then eat them for lunch.',
      description:
        'A morning for children and the grown-ups who bring them. Our chefs show the children how to roll ' +
        'dough through a pasta machine, spoon in a ricotta and spinach filling, and press and cut their own ' +
        'ravioli. Everything is sized for small hands and nothing is sharp. We cook the ravioli while they ' +
        'wash up, and everyone sits down to eat them together. Each child needs an adult with them; adults ' +
        'join in and eat too.',
      durationMinutes: 120,
      included: [
        'Dough, fillings and child-sized tools',
        'Lunch of the ravioli they make',
        'Juice and a biscuit',
        'A certificate for every young chef',
      ],
      bring: ['Clothes that can get floury', 'Long hair tied back'],
      adultPrice: 1000,
      childPrice: 2000,
      childNote: 'Children 5 to 12, each with an adult',
      maxGuests: 6,
    },
    pictures: [
      { art: dish('ravioli', '#d9963a', '#6f8f4e', '#c08a6b'), title: 'Ravioli made by children' },
      { art: dish('ravioli', '#efe2bf', '#c9302c', '#a8c3c0'), title: 'Ravioli ready for lunch' },
    ],
    upgrades: [
      {
        id: 'kids-chefs-hat',
        title: "Chef's hat",
        description: "A white chef's hat in a child's size, for the photos and to take home.",
        price: 800,
        perGuest: false,
        art: { dish: dish('box', '#f7f3ea', '#c9302c', '#e6dcc6') },
      },
      {
        id: 'kids-ravioli-kit',
        title: 'Take-home ravioli kit',
        description: 'Flour, a ravioli stamp and a recipe card to make them again at home.',
        price: 1800,
        perGuest: false,
        art: { dish: dish('box', '#576458', '#efe3b8', '#e6dcc6') },
      },
    ],
    sittings: [
      { weekday: 6, restaurantId: 'islington', hours: 10, capacity: 14 },
      { weekday: 0, restaurantId: 'soho', hours: 10, capacity: 12, fortnightly: true },
    ],
  },
];

/** How far ahead slots are seeded. */
const WINDOW_DAYS = 70;
/** Monday 5 January 1970: fortnightly sittings run on its even weeks, whatever day the seed runs. */
const WEEK_ZERO = isoDate('1970-01-05');
const templateImageId = (n: number, index: number) => 400_000 + n * 10 + index;
const upgradeImageId = (n: number, index: number) => 400_500 + n * 10 + index;

/** A stable id for a sitting: a later seed run finds it, never doubles it. */
function slotId(templateId: string, restaurantId: string, date: IsoDate, hours: number): string {
  const hex = createHash('sha1')
    .update(`event-slot:${templateId}:${restaurantId}:${date}:${hours}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Christmas Eve to New Year's Day: no sittings. */
const isHoliday = (date: IsoDate) => date.slice(5) >= '12-24' || date.slice(5) <= '01-01';

function svgRow(id: number, body: string) {
  return {
    id,
    contentType: 'image/svg+xml',
    body,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
  };
}

/** `set` of an upsert: each column (camelCase) from the row that was refused. */
function excluded(columns: readonly string[]) {
  return Object.fromEntries(
    columns.map((column) => [
      column,
      sql.raw(`excluded.${column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`),
    ]),
  );
}

export function demoEventSlots(now: Date) {
  const today = londonDate(now);
  return TEMPLATES.flatMap((template) =>
    Array.from({ length: WINDOW_DAYS }, (_, index) => addDays(today, index + 1)).flatMap((date) =>
      template.sittings
        .filter(
          (sitting) =>
            sitting.weekday === weekdayOf(date) &&
            !isHoliday(date) &&
            (!sitting.fortnightly || Math.floor(daysBetween(WEEK_ZERO, date) / 7) % 2 === 0),
        )
        .map((sitting) => {
          const startsAt = londonInstant(date, sitting.hours);
          return {
            id: slotId(template.row.id, sitting.restaurantId, date, sitting.hours),
            templateId: template.row.id,
            restaurantId: sitting.restaurantId,
            startsAt,
            endsAt: new Date(startsAt.getTime() + template.row.durationMinutes * 60_000),
            capacity: sitting.capacity,
            adultPrice: template.row.adultPrice + (sitting.surcharge ?? 0),
            childPrice: template.row.childPrice ?? null,
          };
        }),
    ),
  );
}

export async function seedEvents(db: DbOrTx, now: Date): Promise<void> {
  await db
    .insert(media)
    .values(
      TEMPLATES.flatMap((template) => [
        ...template.pictures.map((picture, index) =>
          svgRow(
            templateImageId(template.n, index),
            dishSvg(picture.art, 900 + template.n * 10 + index, index, picture.title),
          ),
        ),
        ...template.upgrades.map((upgrade, index) =>
          svgRow(
            upgradeImageId(template.n, index),
            'drink' in upgrade.art
              ? drinkSvg(upgrade.art.drink, 950 + template.n * 10 + index, upgrade.title)
              : dishSvg(upgrade.art.dish, 950 + template.n * 10 + index, 0, upgrade.title),
          ),
        ),
      ]),
    )
    .onConflictDoNothing();
  // What a template and an add-on are and cost follows the seed (there is no back office for them yet).
  await db
    .insert(eventTemplates)
    .values(
      TEMPLATES.map((template, position) => ({
        ...template.row,
        images: template.pictures.map((_, index) => `/media/${templateImageId(template.n, index)}.svg`),
        position,
      })),
    )
    .onConflictDoUpdate({
      target: eventTemplates.id,
      set: excluded([
        'theme',
        'title',
        'summary',
        'description',
        'images',
        'durationMinutes',
        'included',
        'bring',
        'adultPrice',
        'childPrice',
        'childNote',
        'maxGuests',
        'position',
      ]),
    });
  await db
    .insert(eventUpgrades)
    .values(
      TEMPLATES.flatMap((template) =>
        template.upgrades.map(({ art: _art, ...upgrade }, position) => ({
          ...upgrade,
          templateId: template.row.id,
          imageUrl: `/media/${upgradeImageId(template.n, position)}.svg`,
          position,
        })),
      ),
    )
    .onConflictDoUpdate({
      target: eventUpgrades.id,
      set: excluded(['title', 'description', 'price', 'perGuest', 'imageUrl', 'position']),
    });
  const slots = demoEventSlots(now);
  if (slots.length > 0) await db.insert(eventSlots).values(slots).onConflictDoNothing();
}
