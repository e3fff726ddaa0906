// The Pasta Now menu and the catering menu as seed data (issue 13 part 1): what every restaurant cooks,
// the modifiers dishes come with, and the platters for groups. Ids are stable: append, never renumber.
// Allergens are tags with the codes of domain/allergens.ts (the 14 UK allergens, and which cereal or nut).
import { allergenTag } from '../../../domain/allergens';
import type { DishArt } from './dishes';
import type { DrinkArt } from './drink-art';

const CELERY = allergenTag(100);
const GLUTEN = allergenTag(101);
const CRUSTACEANS = allergenTag(102);
const FISH = allergenTag(103);
const EGGS = allergenTag(104);
const MILK = allergenTag(106);
const MOLLUSCS = allergenTag(107);
const MUSTARD = allergenTag(108);
const TREE_NUTS = allergenTag(109);
const SOYA = allergenTag(112);
const SULPHITES = allergenTag(113);
const WHEAT = allergenTag(114);
const BARLEY = allergenTag(116);
const ALMONDS = allergenTag(120);
const HAZELNUTS = allergenTag(121);
const PISTACHIOS = allergenTag(126);
const PINE_NUTS = allergenTag(128);
const ALCOHOL = allergenTag(129);
const PORK = allergenTag(130);
const BEEF = allergenTag(131);
const MAY_CONTAIN_NUTS = allergenTag(134);

export interface TakeawayCategorySeed {
  id: number;
  name: string;
  position: number;
  channel: 'takeaway' | 'catering';
  productIds: number[];
}

export interface TakeawayModifierSeed {
  id: number;
  title: string;
  group: 'size' | 'extra' | 'removal';
  price: number;
  tags: string[];
}

export interface TakeawayItemSeed {
  id: number;
  title: string;
  description: string;
  price: number;
  tags: string[];
  /** The modifiers it comes with, in the order the menu shows them. */
  modifierIds: number[];
  fulfillmentTypes?: ('delivery' | 'pickup' | 'eat_in')[];
  serves?: number;
  /** Its picture: every product the menus show has one (issue 19, item 17). */
  art: DishArt | DrinkArt;
}

const SIZES = [3001, 3002];
const SCOOPS = [3003, 3004];

export const TAKEAWAY_MODIFIERS: readonly TakeawayModifierSeed[] = [
  { id: 3001, title: 'Single', group: 'size', price: 0, tags: [] },
  { id: 3002, title: 'Grande (bigger portion)', group: 'size', price: 400, tags: [] },
  { id: 3003, title: 'Single scoop', group: 'size', price: 0, tags: [] },
  { id: 3004, title: 'Double scoop', group: 'size', price: 250, tags: [] },
  { id: 3010, title: 'Extra Parmigiano Reggiano', group: 'extra', price: 150, tags: [MILK] },
  { id: 3011, title: 'Burrata', group: 'extra', price: 350, tags: [MILK] },
  { id: 3012, title: '’Nduja', group: 'extra', price: 200, tags: [PORK] },
  { id: 3013, title: 'Chilli oil', group: 'extra', price: 50, tags: [] },
  { id: 3014, title: 'Black truffle shavings', group: 'extra', price: 450, tags: [] },
  { id: 3015, title: 'Pistachio crumb', group: 'extra', price: 100, tags: [TREE_NUTS, PISTACHIOS] },
  { id: 3016, title: 'Hot chocolate sauce', group: 'extra', price: 80, tags: [MILK, SOYA] },
  { id: 3030, title: 'No cheese', group: 'removal', price: 0, tags: [] },
  { id: 3031, title: 'No chilli', group: 'removal', price: 0, tags: [] },
  { id: 3032, title: 'No garlic', group: 'removal', price: 0, tags: [] },
  { id: 3033, title: 'No basil', group: 'removal', price: 0, tags: [] },
  { id: 3034, title: 'No pine nuts on top', group: 'removal', price: 0, tags: [] },
];

const drink = (shape: DrinkArt['shape'], body: string, accent: string): DrinkArt => ({ shape, body, accent });

const art = (shape: DishArt['shape'], sauce: string, garnish: string, plate = '#e9e2d4'): DishArt => ({
  shape,
  sauce,
  garnish,
  plate,
});

export const TAKEAWAY_ITEMS: readonly TakeawayItemSeed[] = [
  // Fresh pasta
  {
    id: 2001,
    title: 'Tagliatelle al Ragù',
    description: 'Egg tagliatelle with our slow-cooked beef and pork ragù, finished with Parmigiano.',
    price: 1250,
    tags: [GLUTEN, WHEAT, EGGS, MILK, CELERY, SULPHITES, BEEF, PORK],
    modifierIds: [...SIZES, 3010, 3011, 3013, 3030],
    art: art('tagliatelle', '#93321f', '#efe3b8'),
  },
  {
    id: 2002,
    title: 'Cacio e Pepe',
    description: 'Tonnarelli, Pecorino Romano and a lot of black pepper. Vegetarian.',
    price: 1100,
    tags: [GLUTEN, WHEAT, EGGS, MILK, 'vegetarian'],
    modifierIds: [...SIZES, 3010, 3014],
    art: art('spaghetti', '#efe2bf', '#3b3430'),
  },
  {
    id: 2003,
    title: 'Pappardelle ai Funghi',
    description: 'Wide ribbons with wild mushrooms, garlic, thyme and a splash of white wine. Vegetarian.',
    price: 1300,
    tags: [GLUTEN, WHEAT, EGGS, MILK, SULPHITES, 'vegetarian'],
    modifierIds: [...SIZES, 3010, 3014, 3030, 3032],
    art: art('pappardelle', '#6b2a22', '#e58a2e'),
  },
  {
    id: 2004,
    title: 'Linguine al Granchio',
    description: 'Cornish crab, chilli, lemon and parsley.',
    price: 1550,
    tags: [GLUTEN, WHEAT, EGGS, CRUSTACEANS, SULPHITES],
    modifierIds: [...SIZES, 3013, 3031, 3032],
    art: art('spaghetti', '#e59a5c', '#c9302c'),
  },
  {
    id: 2005,
    title: 'Spaghetti alle Vongole',
    description: 'Palourde clams, garlic, white wine and parsley.',
    price: 1550,
    tags: [GLUTEN, WHEAT, MOLLUSCS, SULPHITES],
    modifierIds: [...SIZES, 3031, 3032],
    art: art('spaghetti', '#e9dca8', '#4e7d36'),
  },
  {
    id: 2006,
    title: 'Pumpkin Ravioli, Sage Butter',
    description: 'Roast pumpkin and amaretti ravioli in brown butter with crisp sage. Vegetarian.',
    price: 1350,
    tags: [GLUTEN, WHEAT, EGGS, MILK, TREE_NUTS, ALMONDS, 'vegetarian'],
    modifierIds: [...SIZES, 3010, 3030],
    art: art('ravioli', '#d9963a', '#6f8f4e'),
  },
  {
    id: 2007,
    title: 'Trofie al Pesto',
    description:
      'Ligurian twists with basil pesto, green beans and potato, topped with pine nuts. Vegetarian.',
    price: 1150,
    tags: [GLUTEN, WHEAT, MILK, TREE_NUTS, PINE_NUTS, 'vegetarian'],
    modifierIds: [...SIZES, 3010, 3011, 3034],
    art: art('orecchiette', '#2f4f2a', '#c9a56a'),
  },
  {
    id: 2008,
    title: 'Gnocchi alla Sorrentina',
    description: 'Potato gnocchi baked with tomato, mozzarella and basil. Vegetarian.',
    price: 1200,
    tags: [GLUTEN, WHEAT, EGGS, MILK, 'vegetarian'],
    modifierIds: [...SIZES, 3011, 3012, 3033],
    art: art('gnocchi', '#c8372a', '#4f7a2a'),
  },
  {
    id: 2009,
    title: 'Gluten-free Fusilli al Pomodoro',
    description: 'Corn and rice fusilli with San Marzano tomato and basil. Vegan, made without gluten.',
    price: 1050,
    tags: ['vegan', 'gluten-free'],
    modifierIds: [...SIZES, 3013, 3033],
    art: art('rigatoni', '#c2412b', '#f7f3ea'),
  },
  {
    id: 2010,
    title: 'Lasagne al Forno',
    description: 'Seven layers of egg pasta, ragù, béchamel and Parmigiano.',
    price: 1400,
    tags: [GLUTEN, WHEAT, EGGS, MILK, CELERY, BEEF, PORK],
    modifierIds: [3010],
    art: art('lasagne', '#9c3322', '#4f7a2a'),
  },
  // Starters & sides
  {
    id: 2020,
    title: 'Rosemary Focaccia',
    description: 'Baked this morning, with Ligurian olive oil and sea salt. Vegan.',
    price: 450,
    tags: [GLUTEN, WHEAT, 'vegan'],
    modifierIds: [],
    art: art('bread', '#d8a85c', '#f2e6c4'),
  },
  {
    id: 2021,
    title: 'Burrata and Heritage Tomatoes',
    description: 'Puglian burrata, tomatoes, basil and olive oil. Vegetarian.',
    price: 850,
    tags: [MILK, 'vegetarian'],
    modifierIds: [3033],
    art: art('salad', '#4f7a2a', '#d9412b'),
  },
  {
    id: 2022,
    title: 'Arancini (3)',
    description: 'Saffron risotto balls with a mozzarella heart. Vegetarian.',
    price: 650,
    tags: [GLUTEN, WHEAT, EGGS, MILK, 'vegetarian'],
    modifierIds: [],
    art: art('gnocchi', '#efe4c4', '#7b5a3a'),
  },
  {
    id: 2023,
    title: 'Fritto Misto',
    description: 'Crisp calamari, prawns and whitebait with lemon mayonnaise.',
    price: 950,
    tags: [GLUTEN, WHEAT, EGGS, MOLLUSCS, CRUSTACEANS, FISH],
    modifierIds: [],
    art: art('salad', '#f0e6c8', '#d9a04a'),
  },
  {
    id: 2024,
    title: 'Rocket and Parmigiano Salad',
    description: 'With a mustard and balsamic dressing. Vegetarian.',
    price: 550,
    tags: [MILK, MUSTARD, SULPHITES, 'vegetarian'],
    modifierIds: [3030],
    art: art('salad', '#5f8a3a', '#efe6c9'),
  },
  {
    id: 2025,
    title: 'Garlic Bread',
    description: 'Focaccia with garlic butter and parsley. Vegetarian.',
    price: 400,
    tags: [GLUTEN, WHEAT, MILK, 'vegetarian'],
    modifierIds: [],
    art: art('bread', '#d9a24a', '#4f6f2a'),
  },
  // Desserts
  {
    id: 2030,
    title: 'Tiramisù',
    description: 'Savoiardi, espresso, mascarpone and a little Marsala.',
    price: 650,
    tags: [GLUTEN, WHEAT, EGGS, MILK, SULPHITES, ALCOHOL],
    modifierIds: [],
    art: art('dessert', '#6b4226', '#f3e6c8'),
  },
  {
    id: 2031,
    title: 'Panna Cotta',
    description: 'Vanilla panna cotta with macerated berries.',
    price: 550,
    tags: [MILK],
    modifierIds: [],
    art: art('dessert', '#f4ead2', '#7a1424'),
  },
  {
    id: 2032,
    title: 'Cannoli (2)',
    description: 'Crisp shells filled to order with ricotta, dipped in pistachio.',
    price: 600,
    tags: [GLUTEN, WHEAT, MILK, TREE_NUTS, PISTACHIOS, MAY_CONTAIN_NUTS],
    modifierIds: [],
    art: art('dessert', '#d9a85e', '#8db255'),
  },
  {
    id: 2033,
    title: 'Chocolate and Hazelnut Torte',
    description: 'A flourless torte, made without gluten.',
    price: 650,
    tags: [EGGS, MILK, SOYA, TREE_NUTS, HAZELNUTS, 'gluten-free'],
    modifierIds: [3016],
    art: art('dessert', '#3e2418', '#d9a04a'),
  },
  // Gelato
  {
    id: 2040,
    title: 'Pistachio Gelato',
    description: 'Bronte pistachio, churned in the restaurant.',
    price: 450,
    tags: [MILK, TREE_NUTS, PISTACHIOS],
    modifierIds: [...SCOOPS, 3015, 3016],
    art: art('dessert', '#c6d68a', '#8db255'),
  },
  {
    id: 2041,
    title: 'Stracciatella Gelato',
    description: 'Fior di latte with ribbons of dark chocolate.',
    price: 450,
    tags: [MILK, SOYA],
    modifierIds: [...SCOOPS, 3016],
    art: art('dessert', '#f4ead2', '#3e2418'),
  },
  {
    id: 2042,
    title: 'Amalfi Lemon Sorbet',
    description: 'Sharp and bright. Vegan.',
    price: 400,
    tags: ['vegan'],
    modifierIds: [...SCOOPS],
    art: art('dessert', '#f4e27a', '#6f9a3f'),
  },
  // Drinks
  {
    id: 2050,
    title: 'San Pellegrino Limonata',
    description: '330 ml can.',
    price: 300,
    tags: ['vegan'],
    modifierIds: [],
    art: drink('can', '#f2c230', '#1f5fa8'),
  },
  {
    id: 2051,
    title: 'Still Mineral Water',
    description: '500 ml bottle.',
    price: 200,
    tags: ['vegan'],
    modifierIds: [],
    art: drink('bottle', '#2b6cb0', '#cfe6f2'),
  },
  {
    id: 2052,
    title: 'Chinotto',
    description: 'Bittersweet Italian citrus soda, 275 ml.',
    price: 300,
    tags: ['vegan'],
    modifierIds: [],
    art: drink('can', '#5a2a1a', '#d4a24c'),
  },
  {
    id: 2053,
    title: 'Espresso',
    description: 'A double shot. Made to order, so not for delivery.',
    price: 250,
    tags: ['vegan'],
    modifierIds: [],
    fulfillmentTypes: ['pickup', 'eat_in'],
    art: drink('espresso', '#3b2418', '#b9834f'),
  },
  // Alcoholic drinks
  {
    id: 2060,
    title: 'Peroni Nastro Azzurro',
    description: '330 ml bottle, 5.1% ABV. We ask for ID on delivery.',
    price: 450,
    tags: [GLUTEN, BARLEY, ALCOHOL],
    modifierIds: [],
    art: drink('bottle', '#1d3f8c', '#5b3b1c'),
  },
  {
    id: 2061,
    title: 'Prosecco',
    description: '20 cl bottle, 11% ABV. We ask for ID on delivery.',
    price: 750,
    tags: [SULPHITES, ALCOHOL],
    modifierIds: [],
    art: drink('bottle', '#e9d9a6', '#4f6b35'),
  },
  {
    id: 2062,
    title: 'Montepulciano d’Abruzzo',
    description: '75 cl bottle, 13% ABV. We ask for ID on delivery.',
    price: 2400,
    tags: [SULPHITES, ALCOHOL],
    modifierIds: [],
    art: drink('bottle', '#f0e6d0', '#22331f'),
  },
  {
    id: 2063,
    title: 'Aperol Spritz',
    description: 'Mixed at the bar, so for the table only.',
    price: 850,
    tags: [SULPHITES, ALCOHOL],
    modifierIds: [],
    fulfillmentTypes: ['eat_in'],
    art: drink('spritz', '#f26b1d', '#f39a2b'),
  },
  // Catering: platters for groups
  {
    id: 2100,
    title: 'Lasagne al Forno Tray',
    description: 'A full tray of our lasagne, ready to reheat. Serves 8 to 10.',
    price: 6500,
    tags: [GLUTEN, WHEAT, EGGS, MILK, CELERY, BEEF, PORK],
    modifierIds: [],
    fulfillmentTypes: ['delivery', 'pickup'],
    serves: 10,
    art: art('lasagne', '#c9502f', '#5c8a36'),
  },
  {
    id: 2101,
    title: 'Rigatoni al Pomodoro Tray',
    description: 'San Marzano tomato, basil and olive oil. Vegan. Serves 10.',
    price: 4800,
    tags: [GLUTEN, WHEAT, 'vegan'],
    modifierIds: [],
    fulfillmentTypes: ['delivery', 'pickup'],
    serves: 10,
    art: art('rigatoni', '#d0532f', '#6f9a3f'),
  },
  {
    id: 2102,
    title: 'Pumpkin Ravioli Tray',
    description: 'With sage butter, to share. Vegetarian. Serves 8.',
    price: 6000,
    tags: [GLUTEN, WHEAT, EGGS, MILK, TREE_NUTS, ALMONDS, 'vegetarian'],
    modifierIds: [],
    fulfillmentTypes: ['delivery', 'pickup'],
    serves: 8,
    art: art('ravioli', '#e8c46a', '#4f7a2a'),
  },
  {
    id: 2103,
    title: 'Antipasti Board',
    description: 'Salumi, cheeses, olives, grissini and pickles. Serves 8.',
    price: 5500,
    tags: [GLUTEN, WHEAT, MILK, SULPHITES, PORK],
    modifierIds: [],
    fulfillmentTypes: ['delivery', 'pickup'],
    serves: 8,
    art: art('salad', '#2f4a2e', '#f0e6c8'),
  },
  {
    id: 2104,
    title: 'Focaccia Slab',
    description: 'A whole slab, cut into squares. Vegan. Serves 12.',
    price: 2400,
    tags: [GLUTEN, WHEAT, 'vegan'],
    modifierIds: [],
    fulfillmentTypes: ['delivery', 'pickup'],
    serves: 12,
    art: art('bread', '#d8a85c', '#4f6f2a'),
  },
  {
    id: 2105,
    title: 'Tiramisù Tray',
    description: 'Our tiramisù for a crowd. Serves 12.',
    price: 4500,
    tags: [GLUTEN, WHEAT, EGGS, MILK, SULPHITES, ALCOHOL],
    modifierIds: [],
    fulfillmentTypes: ['delivery', 'pickup'],
    serves: 12,
    art: art('dessert', '#6b4226', '#d9a04a'),
  },
  {
    id: 2106,
    title: 'Cannoli Platter',
    description: 'Twenty-four cannoli, filled just before they leave. Serves 12.',
    price: 4200,
    tags: [GLUTEN, WHEAT, MILK, TREE_NUTS, PISTACHIOS, MAY_CONTAIN_NUTS],
    modifierIds: [],
    fulfillmentTypes: ['delivery', 'pickup'],
    serves: 12,
    art: art('dessert', '#f4e27a', '#8db255'),
  },
];

/**
 * The categories, in menu order. The names are the spec's (§9 upsell categories: Starters & Sides,
 * Desserts, Gelato, Drinks, Alcoholic Drinks).
 */
export const TAKEAWAY_CATEGORIES: readonly TakeawayCategorySeed[] = [
  {
    id: 1,
    name: 'Fresh Pasta',
    position: 1,
    channel: 'takeaway',
    productIds: [2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010],
  },
  {
    id: 2,
    name: 'Starters & Sides',
    position: 2,
    channel: 'takeaway',
    productIds: [2020, 2021, 2022, 2023, 2024, 2025],
  },
  { id: 3, name: 'Desserts', position: 3, channel: 'takeaway', productIds: [2030, 2031, 2032, 2033] },
  { id: 4, name: 'Gelato', position: 4, channel: 'takeaway', productIds: [2040, 2041, 2042] },
  { id: 5, name: 'Drinks', position: 5, channel: 'takeaway', productIds: [2050, 2051, 2052, 2053] },
  { id: 6, name: 'Alcoholic Drinks', position: 6, channel: 'takeaway', productIds: [2060, 2061, 2062, 2063] },
  { id: 10, name: 'Sharing Pasta Trays', position: 1, channel: 'catering', productIds: [2100, 2101, 2102] },
  { id: 11, name: 'Boards and Breads', position: 2, channel: 'catering', productIds: [2103, 2104] },
  { id: 12, name: 'Sweet Platters', position: 3, channel: 'catering', productIds: [2105, 2106] },
];
