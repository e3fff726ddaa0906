// The Sfoglia catalogue as seed data: one entry per dish, sold as a "Regular" variant and, for main dishes
// only, a "Double Portion (Serves 2)" (domain/menu.ts offersDoublePortion). `n` is the stable number
// product/variant ids derive from — append new dishes with a fresh number, never reuse or renumber one.
import { allergenTag } from '../../../domain/allergens';

export type DishKind = 'Pasta Kit' | 'Side' | 'Dessert' | 'Bundle' | 'Gift Box';

export interface DishArt {
  shape:
    | 'tagliatelle'
    | 'pappardelle'
    | 'spaghetti'
    | 'ravioli'
    | 'tortellini'
    | 'gnocchi'
    | 'rigatoni'
    | 'orecchiette'
    | 'lasagne'
    | 'bread'
    | 'salad'
    | 'dessert'
    | 'box';
  sauce: string; // hex colour of the sauce / main colour
  garnish: string; // hex colour of the garnish dots/leaves
  plate: string; // hex colour of the plate rim
}

export interface DishSeed {
  /** Stable small number 1..99, unique; ids are derived from it. Never reuse or renumber. */
  n: number;
  handle: string; // kebab-case, unique
  title: string;
  descriptionHtml: string;
  kind: DishKind;
  tags: string[];
  regularPence: number; // price of the "Regular" variant, integer pence
  /** Price of the "Double Portion (Serves 2)" variant, integer pence; null where there is none. */
  doublePence: number | null;
  /** Minutes from opening the kit to eating, as the description says; served as a `cooking-time` tag. */
  cookMinutes: number;
  stock: number; // quantityAvailable for each variant
  art: DishArt;
}

const CELERY = allergenTag(100);
const GLUTEN = allergenTag(101);
const CRUSTACEANS = allergenTag(102);
const FISH = allergenTag(103);
const EGGS = allergenTag(104);
const LUPIN = allergenTag(105);
const MILK = allergenTag(106);
const MOLLUSCS = allergenTag(107);
const MUSTARD = allergenTag(108);
const TREE_NUTS = allergenTag(109);
const PEANUTS = allergenTag(110);
const SESAME = allergenTag(111);
const SOYA = allergenTag(112);
const SULPHITES = allergenTag(113);
const WHEAT = allergenTag(114);
const ALMONDS = allergenTag(120);
const HAZELNUTS = allergenTag(121);
const WALNUTS = allergenTag(122);
const PISTACHIOS = allergenTag(126);
const PINE_NUTS = allergenTag(128);
const ALCOHOL = allergenTag(129);
const PORK = allergenTag(130);
const BEEF = allergenTag(131);
const LAMB = allergenTag(132);
const MAY_CONTAIN_NUTS = allergenTag(134);

/** Fresh egg pasta: '00' wheat flour and free-range eggs. */
const EGG_PASTA = [GLUTEN, EGGS, WHEAT];
/** Durum wheat semolina pasta, made without egg. */
const SEMOLINA = [GLUTEN, WHEAT];
/** Wine in the sauce. */
const WINE = [SULPHITES, ALCOHOL];

// Plate rims (muted).
const STONE = '#d9d2c5';
const SAGE = '#a9b59a';
const SLATE = '#7d8791';
const TERRACOTTA = '#c08a6b';
const CREAM = '#e6dcc6';
const DUCK_EGG = '#a8c3c0';
const CHARCOAL = '#55585c';
const OCHRE = '#c9a96a';

export const DISHES: readonly DishSeed[] = [
  {
    n: 1,
    handle: 'beef-shin-ragu-pappardelle',
    title: 'Beef Shin Ragù Pappardelle',
    descriptionHtml:
      '<p>British beef shin braised for eight hours with red wine, soffritto and San Marzano tomatoes until it falls apart into a rich, glossy ragù. The kit has hand-cut egg pappardelle, the ragù and a wedge of Parmigiano Reggiano. <strong>Ready in 12 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['meat', 'favourite', ...EGG_PASTA, MILK, CELERY, BEEF, ...WINE],
    regularPence: 1050,
    doublePence: 1890,
    cookMinutes: 12,
    stock: 140,
    art: { shape: 'pappardelle', sauce: '#8b2e1f', garnish: '#efe3b8', plate: STONE },
  },
  {
    n: 2,
    handle: 'cacio-e-pepe-tonnarelli',
    title: 'Cacio e Pepe Tonnarelli',
    descriptionHtml:
      '<p>Square-cut egg tonnarelli tossed with a silky sauce of vegetarian pecorino-style cheese and plenty of toasted black pepper. The kit has the pasta, grated cheese and our own cracked pepper blend. <strong>Ready in 8 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['vegetarian', 'favourite', ...EGG_PASTA, MILK],
    regularPence: 850,
    doublePence: 1530,
    cookMinutes: 8,
    stock: 160,
    art: { shape: 'spaghetti', sauce: '#efe2bf', garnish: '#3b3430', plate: SLATE },
  },
  {
    n: 3,
    handle: 'crab-and-chilli-linguine',
    title: 'Crab & Chilli Linguine',
    descriptionHtml:
      '<p>Sweet Cornish white and brown crab with red chilli, garlic, lemon zest and a splash of white wine. The kit has egg linguine, the crab mix, a chilli and garlic oil and fresh parsley. <strong>Ready in 10 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['fish', 'special', ...EGG_PASTA, CRUSTACEANS, ...WINE],
    regularPence: 1150,
    doublePence: 2070,
    cookMinutes: 10,
    stock: 70,
    art: { shape: 'spaghetti', sauce: '#e59a5c', garnish: '#c9302c', plate: DUCK_EGG },
  },
  {
    n: 4,
    handle: 'wild-mushroom-tortelloni',
    title: 'Wild Mushroom Tortelloni',
    descriptionHtml:
      '<p>Plump tortelloni filled with roasted wild mushrooms, ricotta and thyme, finished in a light cream sauce. The kit has the tortelloni, mushroom cream and vegetarian Italian hard cheese. <strong>Ready in 9 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['vegetarian', 'favourite', ...EGG_PASTA, MILK],
    regularPence: 950,
    doublePence: 1710,
    cookMinutes: 9,
    stock: 120,
    art: { shape: 'tortellini', sauce: '#f1e3c2', garnish: '#6b4a2b', plate: CHARCOAL },
  },
  {
    n: 5,
    handle: 'nduja-and-burrata-rigatoni',
    title: 'Nduja & Burrata Rigatoni',
    descriptionHtml:
      "<p>Bronze-die rigatoni in a fiery tomato sauce made with Calabrian 'nduja, topped with a whole burrata to tear over at the table. The kit has the rigatoni, the 'nduja sauce and the burrata. <strong>Ready in 14 minutes.</strong></p>",
    kind: 'Pasta Kit',
    tags: ['meat', 'special', ...SEMOLINA, MILK, PORK],
    regularPence: 1050,
    doublePence: 1890,
    cookMinutes: 14,
    stock: 90,
    art: { shape: 'rigatoni', sauce: '#c2412b', garnish: '#f7f3ea', plate: STONE },
  },
  {
    n: 6,
    handle: 'pumpkin-and-sage-ravioli',
    title: 'Pumpkin & Sage Ravioli',
    descriptionHtml:
      '<p>Roast pumpkin ravioli with a little nutmeg, served in brown butter with crisp sage and a crunch of crushed amaretti. The kit has the ravioli, sage butter and amaretti crumb. <strong>Ready in 8 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['vegetarian', 'favourite', ...EGG_PASTA, MILK, TREE_NUTS, ALMONDS],
    regularPence: 950,
    doublePence: 1710,
    cookMinutes: 8,
    stock: 130,
    art: { shape: 'ravioli', sauce: '#d9963a', garnish: '#6f8f4e', plate: TERRACOTTA },
  },
  {
    n: 7,
    handle: 'lamb-shoulder-orecchiette',
    title: 'Lamb Shoulder Orecchiette',
    descriptionHtml:
      '<p>Welsh lamb shoulder slow-cooked with rosemary, white wine and tomatoes, pulled into a hearty sauce for little ear-shaped orecchiette. The kit has the pasta, the lamb sauce and a minty gremolata. <strong>Ready in 13 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['meat', 'special', ...SEMOLINA, CELERY, LAMB, ...WINE],
    regularPence: 1100,
    doublePence: 1980,
    cookMinutes: 13,
    stock: 80,
    art: { shape: 'orecchiette', sauce: '#7a3b24', garnish: '#5d7f3a', plate: CREAM },
  },
  {
    n: 8,
    handle: 'vegan-puttanesca',
    title: 'Vegan Puttanesca',
    descriptionHtml:
      '<p>A punchy tomato sauce with Kalamata olives, capers, garlic and chilli, made without anchovies, cheese or egg. The kit has durum wheat spaghetti, the puttanesca sauce and chopped parsley. <strong>Ready in 11 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['vegan', 'vegetarian', 'dairy-free', ...SEMOLINA],
    regularPence: 750,
    doublePence: 1350,
    cookMinutes: 11,
    stock: 110,
    art: { shape: 'spaghetti', sauce: '#b8321f', garnish: '#2b2b2b', plate: SAGE },
  },
  {
    n: 9,
    handle: 'kids-mini-meatball-spaghetti',
    title: "Kids' Mini Meatball Spaghetti",
    descriptionHtml:
      '<p>Little beef and pork meatballs in a mild, smooth tomato sauce with no chilli and no fuss. The kit has egg spaghetti, meatballs in sauce and a pot of grated Parmigiano. <strong>Ready in 12 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['meat', 'kids', ...EGG_PASTA, MILK, CELERY, BEEF, PORK],
    regularPence: 650,
    doublePence: 1170,
    cookMinutes: 12,
    stock: 150,
    art: { shape: 'spaghetti', sauce: '#c8442c', garnish: '#f1e4bd', plate: DUCK_EGG },
  },
  {
    n: 10,
    handle: 'guanciale-carbonara',
    title: 'Guanciale Carbonara',
    descriptionHtml:
      '<p>The Roman classic, done properly: crisp guanciale, egg yolks, Pecorino Romano and black pepper, with not a drop of cream. The kit has egg spaghetti, diced guanciale and the cheese and yolk mix. <strong>Ready in 10 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['meat', 'favourite', ...EGG_PASTA, MILK, PORK],
    regularPence: 900,
    doublePence: 1620,
    cookMinutes: 10,
    stock: 180,
    art: { shape: 'spaghetti', sauce: '#f0cf72', garnish: '#9b4a3a', plate: SLATE },
  },
  {
    n: 11,
    handle: 'basil-pesto-trenette',
    title: 'Basil Pesto Trenette',
    descriptionHtml:
      '<p>Ligurian-style trenette with green beans, new potatoes and a bright pesto of basil, pine nuts and vegetarian hard cheese. The kit has the pasta, the pesto and the prepared vegetables. <strong>Ready in 10 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['vegetarian', ...SEMOLINA, MILK, PINE_NUTS],
    regularPence: 850,
    doublePence: 1530,
    cookMinutes: 10,
    stock: 100,
    art: { shape: 'tagliatelle', sauce: '#4f7a2a', garnish: '#efe3b8', plate: STONE },
  },
  {
    n: 12,
    handle: 'wild-boar-ragu-pici',
    title: 'Wild Boar Ragù Pici',
    descriptionHtml:
      '<p>Thick, hand-rolled Tuscan pici with a slow-cooked wild boar ragù, red wine and juniper. The kit has the pici, the ragù and a little Parmigiano to finish. <strong>Ready in 14 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['meat', ...SEMOLINA, MILK, CELERY, PORK, ...WINE],
    regularPence: 1100,
    doublePence: 1980,
    cookMinutes: 14,
    stock: 0,
    art: { shape: 'spaghetti', sauce: '#6e2a1c', garnish: '#efe3b8', plate: CREAM },
  },
  {
    n: 13,
    handle: 'sausage-and-cime-di-rapa-orecchiette',
    title: 'Sausage & Cime di Rapa Orecchiette',
    descriptionHtml:
      '<p>Puglia on a plate: fennel-seed pork sausage, bitter cime di rapa, garlic and chilli tossed through orecchiette. The kit has the pasta, the sausage and greens and a pot of pecorino. <strong>Ready in 12 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['meat', ...SEMOLINA, MILK, PORK],
    regularPence: 950,
    doublePence: 1710,
    cookMinutes: 12,
    stock: 95,
    art: { shape: 'orecchiette', sauce: '#9a5a3c', garnish: '#3f6b2c', plate: SAGE },
  },
  {
    n: 14,
    handle: 'linguine-alle-vongole',
    title: 'Linguine alle Vongole',
    descriptionHtml:
      '<p>Palourde clams steamed open with garlic, chilli, parsley and white wine, the juices tossed through the pasta. The kit has egg linguine, cleaned clams and the garlic and wine base. <strong>Ready in 11 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['fish', 'favourite', ...EGG_PASTA, MOLLUSCS, ...WINE],
    regularPence: 1100,
    doublePence: 1980,
    cookMinutes: 11,
    stock: 60,
    art: { shape: 'spaghetti', sauce: '#e9dca8', garnish: '#4e7d36', plate: DUCK_EGG },
  },
  {
    n: 15,
    handle: 'squid-ink-tagliolini-with-prawns',
    title: 'Squid Ink Tagliolini with Prawns',
    descriptionHtml:
      '<p>Jet-black squid ink tagliolini with king prawns, cherry tomatoes, garlic and a splash of white wine. The kit has the pasta, the prawns and the tomato and wine sauce. <strong>Ready in 9 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['fish', 'special', ...EGG_PASTA, CRUSTACEANS, MOLLUSCS, ...WINE],
    regularPence: 1150,
    doublePence: 2070,
    cookMinutes: 9,
    stock: 55,
    art: { shape: 'tagliatelle', sauce: '#1f1f24', garnish: '#e2734a', plate: STONE },
  },
  {
    n: 16,
    handle: 'smoked-salmon-and-lemon-tagliatelle',
    title: 'Smoked Salmon & Lemon Tagliatelle',
    descriptionHtml:
      '<p>Scottish smoked salmon folded through a light lemon and crème fraîche sauce with plenty of dill. The kit has egg tagliatelle, the salmon and the lemon cream. <strong>Ready in 8 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['fish', ...EGG_PASTA, FISH, MILK],
    regularPence: 950,
    doublePence: 1710,
    cookMinutes: 8,
    stock: 85,
    art: { shape: 'tagliatelle', sauce: '#f0c2a0', garnish: '#6e9a45', plate: SLATE },
  },
  {
    n: 17,
    handle: 'anchovy-and-pangrattato-bucatini',
    title: 'Anchovy & Pangrattato Bucatini',
    descriptionHtml:
      '<p>Cantabrian anchovies melted into garlic and olive oil, with lemon and golden, crunchy pangrattato scattered over. The kit has the bucatini, the anchovy oil and a bag of toasted crumbs. <strong>Ready in 12 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['fish', 'dairy-free', ...SEMOLINA, FISH],
    regularPence: 750,
    doublePence: 1350,
    cookMinutes: 12,
    stock: 75,
    art: { shape: 'spaghetti', sauce: '#d9b56a', garnish: '#b07a3b', plate: CHARCOAL },
  },
  {
    n: 18,
    handle: 'classic-beef-lasagne',
    title: 'Classic Beef Lasagne',
    descriptionHtml:
      '<p>Layer upon layer of fresh egg pasta, slow-cooked beef ragù and nutmeg béchamel, finished with a golden Parmigiano crust. It comes assembled in an oven-ready dish, so you only need to bake it. <strong>Ready in 40 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['meat', 'favourite', ...EGG_PASTA, MILK, CELERY, BEEF, ...WINE],
    regularPence: 1050,
    doublePence: 1890,
    cookMinutes: 40,
    stock: 110,
    art: { shape: 'lasagne', sauce: '#9c3322', garnish: '#4f7a2a', plate: CREAM },
  },
  {
    n: 19,
    handle: 'roasted-vegetable-and-ricotta-lasagne',
    title: 'Roasted Vegetable & Ricotta Lasagne',
    descriptionHtml:
      '<p>Roasted courgette, aubergine and peppers layered with ricotta, tomato sauce and fresh egg pasta. It arrives oven-ready with vegetarian hard cheese on top. <strong>Ready in 40 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['vegetarian', ...EGG_PASTA, MILK],
    regularPence: 950,
    doublePence: 1710,
    cookMinutes: 40,
    stock: 90,
    art: { shape: 'lasagne', sauce: '#c9502f', garnish: '#5c8a36', plate: SAGE },
  },
  {
    n: 20,
    handle: 'gorgonzola-and-walnut-gnocchi',
    title: 'Gorgonzola & Walnut Gnocchi',
    descriptionHtml:
      '<p>Pillowy potato gnocchi in a melting vegetarian blue cheese sauce in the gorgonzola dolce style, finished with toasted walnuts. The kit has the gnocchi, the gorgonzola sauce and a bag of walnuts. <strong>Ready in 7 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['vegetarian', 'favourite', ...EGG_PASTA, MILK, TREE_NUTS, WALNUTS],
    regularPence: 900,
    doublePence: 1620,
    cookMinutes: 7,
    stock: 115,
    art: { shape: 'gnocchi', sauce: '#efe4c4', garnish: '#7b5a3a', plate: SLATE },
  },
  {
    n: 21,
    handle: 'gluten-free-gnocchi-alla-sorrentina',
    title: 'Gluten-Free Gnocchi alla Sorrentina',
    descriptionHtml:
      '<p>Potato and rice-flour gnocchi baked in tomato sauce under bubbling mozzarella and torn basil, made without any wheat. The kit has the gnocchi, the tomato sauce and mozzarella. <strong>Ready in 15 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['vegetarian', 'gluten-free', EGGS, MILK],
    regularPence: 900,
    doublePence: 1620,
    cookMinutes: 15,
    stock: 70,
    art: { shape: 'gnocchi', sauce: '#c8372a', garnish: '#4f7a2a', plate: CREAM },
  },
  {
    n: 22,
    handle: 'lupin-fusilli-with-roast-vegetables',
    title: 'Lupin Fusilli with Roast Vegetables',
    descriptionHtml:
      '<p>High-protein fusilli made from lupin and chickpea flour, with roasted peppers, red onion and a garlicky tomato sauce. Gluten-free, dairy-free and vegan; the kit has the pasta, the sauce and the vegetables. <strong>Ready in 10 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['vegan', 'vegetarian', 'gluten-free', 'dairy-free', LUPIN],
    regularPence: 850,
    doublePence: 1530,
    cookMinutes: 10,
    stock: 65,
    art: { shape: 'rigatoni', sauce: '#d0532f', garnish: '#6f9a3f', plate: SAGE },
  },
  {
    n: 23,
    handle: 'kids-cheesy-tomato-ravioli',
    title: "Kids' Cheesy Tomato Ravioli",
    descriptionHtml:
      '<p>Little ravioli filled with mild cheese, in a smooth tomato sauce that small people actually finish. The kit has the ravioli, the sauce and grated cheese for sprinkling. <strong>Ready in 6 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['vegetarian', 'kids', ...EGG_PASTA, MILK],
    regularPence: 650,
    doublePence: 1170,
    cookMinutes: 6,
    stock: 140,
    art: { shape: 'ravioli', sauce: '#d44a30', garnish: '#f1e4bd', plate: DUCK_EGG },
  },
  {
    n: 24,
    handle: 'kids-ham-and-pea-tortellini',
    title: "Kids' Ham & Pea Tortellini",
    descriptionHtml:
      '<p>Mini tortellini filled with ham and cheese, tossed with sweet peas in a gentle butter sauce. The kit has the tortellini, the peas and the butter sauce. <strong>Ready in 6 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['meat', 'kids', ...EGG_PASTA, MILK, PORK],
    regularPence: 650,
    doublePence: 1170,
    cookMinutes: 6,
    stock: 125,
    art: { shape: 'tortellini', sauce: '#f3dfa6', garnish: '#7fb04a', plate: SAGE },
  },
  {
    n: 25,
    handle: 'build-your-own-ravioli',
    title: 'Build Your Own Ravioli',
    descriptionHtml:
      '<p>Roll, fill and crimp your own ravioli with our fresh egg pasta sheets and two fillings: ricotta &amp; lemon, and spinach &amp; nutmeg. The kit has the sheets, both fillings, sage butter and a crimping guide. <strong>Ready in 30 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['vegetarian', 'create-your-own', ...EGG_PASTA, MILK],
    regularPence: 1000,
    doublePence: 1800,
    cookMinutes: 30,
    stock: 60,
    art: { shape: 'ravioli', sauce: '#e8c46a', garnish: '#4f7a2a', plate: STONE },
  },
  {
    n: 26,
    handle: 'choose-your-sauce-tagliatelle',
    title: 'Choose-Your-Sauce Tagliatelle',
    descriptionHtml:
      '<p>Fresh egg tagliatelle with three little pots of sauce to mix and match: tomato &amp; basil, butter &amp; sage, and basil pesto. Perfect when nobody can agree. <strong>Ready in 8 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['vegetarian', 'create-your-own', ...EGG_PASTA, MILK, PINE_NUTS],
    regularPence: 900,
    doublePence: 1620,
    cookMinutes: 8,
    stock: 100,
    art: { shape: 'tagliatelle', sauce: '#c9452e', garnish: '#4f7a2a', plate: TERRACOTTA },
  },
  {
    n: 27,
    handle: 'chicken-cacciatore-pappardelle',
    title: 'Chicken Cacciatore Pappardelle',
    descriptionHtml:
      '<p>Free-range chicken thighs braised hunter-style with peppers, olives, rosemary, tomato and white wine. The kit has egg pappardelle and the cacciatore sauce. <strong>Ready in 12 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['meat', 'dairy-free', ...EGG_PASTA, CELERY, ...WINE],
    regularPence: 950,
    doublePence: 1710,
    cookMinutes: 12,
    stock: 85,
    art: { shape: 'pappardelle', sauce: '#b5472c', garnish: '#3d5f2a', plate: OCHRE },
  },
  {
    n: 28,
    handle: 'wild-garlic-and-ricotta-cappellacci',
    title: 'Wild Garlic & Ricotta Cappellacci',
    descriptionHtml:
      '<p>Seasonal cappellacci filled with foraged wild garlic and creamy ricotta, in lemon butter with toasted breadcrumbs. The kit has the pasta, the lemon butter and vegetarian hard cheese. <strong>Ready in 7 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['vegetarian', 'special', ...EGG_PASTA, MILK],
    regularPence: 950,
    doublePence: 1710,
    cookMinutes: 7,
    stock: 65,
    art: { shape: 'ravioli', sauce: '#e6d49a', garnish: '#3f7a2e', plate: SAGE },
  },
  {
    n: 29,
    handle: 'beef-and-barolo-agnolotti',
    title: 'Beef & Barolo Agnolotti',
    descriptionHtml:
      '<p>Piedmontese pinched agnolotti filled with beef braised in Barolo, served in a glossy reduction of the braising juices. The kit has the agnolotti, the Barolo sauce and Parmigiano Reggiano. <strong>Ready in 8 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['meat', ...EGG_PASTA, MILK, CELERY, BEEF, ...WINE],
    regularPence: 1150,
    doublePence: 2070,
    cookMinutes: 8,
    stock: 50,
    art: { shape: 'ravioli', sauce: '#5e1f24', garnish: '#efe3b8', plate: CHARCOAL },
  },
  {
    n: 30,
    handle: 'bucatini-allamatriciana',
    title: "Bucatini all'Amatriciana",
    descriptionHtml:
      '<p>Crisp guanciale, sweet tomato and a little chilli, finished with sharp Pecorino Romano. The kit has the bucatini, the Amatriciana sauce and the pecorino. <strong>Ready in 12 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['meat', ...SEMOLINA, MILK, PORK],
    regularPence: 900,
    doublePence: 1620,
    cookMinutes: 12,
    stock: 105,
    art: { shape: 'spaghetti', sauce: '#b83a26', garnish: '#f1e4bd', plate: STONE },
  },
  {
    n: 31,
    handle: 'vegan-mushroom-ragu-tagliatelle',
    title: 'Vegan Mushroom Ragù Tagliatelle',
    descriptionHtml:
      '<p>Chestnut and porcini mushrooms cooked down with red wine, tamari and rosemary into a deep, meaty-tasting ragù. The kit has egg-free semolina tagliatelle and the ragù. <strong>Ready in 11 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['vegan', 'vegetarian', 'dairy-free', ...SEMOLINA, CELERY, SOYA, ...WINE],
    regularPence: 850,
    doublePence: 1530,
    cookMinutes: 11,
    stock: 80,
    art: { shape: 'tagliatelle', sauce: '#5a3a26', garnish: '#5d7f3a', plate: CREAM },
  },
  {
    n: 32,
    handle: 'cavolo-nero-and-walnut-pesto-orecchiette',
    title: 'Cavolo Nero & Walnut Pesto Orecchiette',
    descriptionHtml:
      '<p>A deep green pesto of cavolo nero, walnuts, garlic and good olive oil, made without cheese. The kit has the orecchiette, the pesto and a lemon to squeeze over. <strong>Ready in 12 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['vegan', 'vegetarian', 'dairy-free', ...SEMOLINA, TREE_NUTS, WALNUTS],
    regularPence: 850,
    doublePence: 1530,
    cookMinutes: 12,
    stock: 75,
    art: { shape: 'orecchiette', sauce: '#2f4f2a', garnish: '#c9a56a', plate: STONE },
  },
  {
    n: 33,
    handle: 'gluten-free-tagliatelle-bolognese',
    title: 'Gluten-Free Tagliatelle Bolognese',
    descriptionHtml:
      '<p>Our rice and corn egg tagliatelle with a proper Bolognese of beef and pork, slow-cooked with milk and white wine. Made without wheat or gluten; the kit has the pasta, the sauce and Parmigiano. <strong>Ready in 10 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['meat', 'gluten-free', EGGS, MILK, CELERY, BEEF, PORK, ...WINE],
    regularPence: 1000,
    doublePence: 1800,
    cookMinutes: 10,
    stock: 70,
    art: { shape: 'tagliatelle', sauce: '#93321f', garnish: '#efe3b8', plate: SLATE },
  },
  {
    n: 34,
    handle: 'frutti-di-mare-tagliolini',
    title: 'Frutti di Mare Tagliolini',
    descriptionHtml:
      '<p>Mussels, clams, squid and prawns in a light tomato, garlic and white wine sauce, with fine egg tagliolini to soak it all up. The kit has the pasta, the seafood and the sauce. <strong>Ready in 12 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['fish', ...EGG_PASTA, CRUSTACEANS, MOLLUSCS, ...WINE],
    regularPence: 1150,
    doublePence: 2070,
    cookMinutes: 12,
    stock: 50,
    art: { shape: 'tagliatelle', sauce: '#d4583a', garnish: '#3e6f2c', plate: DUCK_EGG },
  },
  {
    n: 35,
    handle: 'black-truffle-tagliatelle',
    title: 'Black Truffle Tagliatelle',
    descriptionHtml:
      '<p>Egg tagliatelle in a glossy butter and vegetarian hard cheese emulsion, with fresh black truffle shaved over at the last moment. The kit has the pasta, truffle butter and a whole small truffle. <strong>Ready in 7 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['vegetarian', 'special', ...EGG_PASTA, MILK],
    regularPence: 1150,
    doublePence: 2070,
    cookMinutes: 7,
    stock: 3,
    art: { shape: 'tagliatelle', sauce: '#efd9a0', garnish: '#2e2622', plate: CHARCOAL },
  },
  {
    n: 36,
    handle: 'test-kitchen-duck-ragu-pappardelle',
    title: 'Test Kitchen: Duck Ragù Pappardelle',
    descriptionHtml:
      '<p>Staff tasting only: confit duck leg ragù with orange zest, red wine and thyme over wide egg pappardelle. The kit has the pasta, the duck ragù and Parmigiano. <strong>Ready in 12 minutes.</strong></p>',
    kind: 'Pasta Kit',
    tags: ['meat', 'hide-from-menu', ...EGG_PASTA, MILK, CELERY, ...WINE],
    regularPence: 1100,
    doublePence: 1980,
    cookMinutes: 12,
    stock: 40,
    art: { shape: 'pappardelle', sauce: '#6b2a22', garnish: '#e58a2e', plate: STONE },
  },
  {
    n: 37,
    handle: 'garlic-and-rosemary-focaccia',
    title: 'Garlic & Rosemary Focaccia',
    descriptionHtml:
      '<p>A tray of our slow-proved focaccia, dimpled and drenched in olive oil, with roasted garlic, rosemary and sea salt. Warm it through in the oven and tear at the table. <strong>Ready in 8 minutes.</strong></p>',
    kind: 'Side',
    tags: ['side', 'vegan', 'vegetarian', 'dairy-free', ...SEMOLINA],
    regularPence: 450,
    doublePence: null,
    cookMinutes: 8,
    stock: 160,
    art: { shape: 'bread', sauce: '#d9a24a', garnish: '#4f6f2a', plate: STONE },
  },
  {
    n: 38,
    handle: 'sesame-grissini-with-whipped-ricotta',
    title: 'Sesame Grissini with Whipped Ricotta',
    descriptionHtml:
      '<p>Hand-stretched breadsticks rolled in toasted sesame seeds, with a pot of whipped ricotta, lemon and olive oil for dipping. Crisp them in the oven for a few minutes. <strong>Ready in 5 minutes.</strong></p>',
    kind: 'Side',
    tags: ['side', 'vegetarian', ...SEMOLINA, MILK, SESAME],
    regularPence: 400,
    doublePence: null,
    cookMinutes: 5,
    stock: 120,
    art: { shape: 'bread', sauce: '#d8a85c', garnish: '#f2e6c4', plate: SLATE },
  },
  {
    n: 39,
    handle: 'rocket-pear-and-parmesan-salad',
    title: 'Rocket, Pear & Parmesan Salad',
    descriptionHtml:
      '<p>Peppery rocket, ripe pear and shavings of Parmigiano Reggiano with a mustard and balsamic dressing. The kit has the leaves, pear, cheese and dressing. <strong>Ready in 3 minutes.</strong></p>',
    kind: 'Side',
    tags: ['side', 'gluten-free', MILK, MUSTARD, SULPHITES],
    regularPence: 450,
    doublePence: null,
    cookMinutes: 3,
    stock: 90,
    art: { shape: 'salad', sauce: '#5f8a3a', garnish: '#efe6c9', plate: CREAM },
  },
  {
    n: 40,
    handle: 'burrata-with-heritage-tomatoes',
    title: 'Burrata with Heritage Tomatoes',
    descriptionHtml:
      '<p>A whole creamy burrata from Puglia with sweet heritage tomatoes, basil and peppery olive oil. Just open, tear and drizzle. <strong>Ready in 2 minutes.</strong></p>',
    kind: 'Side',
    tags: ['side', 'vegetarian', 'gluten-free', MILK],
    regularPence: 525,
    doublePence: null,
    cookMinutes: 2,
    stock: 80,
    art: { shape: 'salad', sauce: '#4f7a2a', garnish: '#d9412b', plate: DUCK_EGG },
  },
  {
    n: 41,
    handle: 'garlicky-cavolo-nero',
    title: 'Garlicky Cavolo Nero',
    descriptionHtml:
      '<p>Tuscan kale wilted with sliced garlic, chilli and olive oil, finished with a squeeze of lemon. The kit has the prepared greens and a garlic and chilli oil. <strong>Ready in 5 minutes.</strong></p>',
    kind: 'Side',
    tags: ['side', 'vegan', 'vegetarian', 'gluten-free', 'dairy-free'],
    regularPence: 350,
    doublePence: null,
    cookMinutes: 5,
    stock: 100,
    art: { shape: 'salad', sauce: '#2f4a2e', garnish: '#f0e6c8', plate: STONE },
  },
  {
    n: 42,
    handle: 'tiramisu',
    title: 'Tiramisù',
    descriptionHtml:
      '<p>Savoiardi soaked in espresso and Marsala, layered with mascarpone cream and dusted with cocoa. Made by hand in our kitchen and best after a short rest in the fridge. <strong>Ready in 2 minutes.</strong></p>',
    kind: 'Dessert',
    tags: ['dessert', 'vegetarian', GLUTEN, EGGS, WHEAT, MILK, ...WINE],
    regularPence: 550,
    doublePence: null,
    cookMinutes: 2,
    stock: 120,
    art: { shape: 'dessert', sauce: '#6b4226', garnish: '#f3e6c8', plate: CREAM },
  },
  {
    n: 43,
    handle: 'sicilian-pistachio-cannoli',
    title: 'Sicilian Pistachio Cannoli',
    descriptionHtml:
      "<p>Crisp cannoli shells you fill yourself with sweet sheep's-milk ricotta, candied orange and chopped Bronte pistachios. The kit has the shells, a piping bag of filling and the nuts. <strong>Ready in 5 minutes.</strong></p>",
    kind: 'Dessert',
    tags: ['dessert', 'vegetarian', GLUTEN, EGGS, WHEAT, MILK, TREE_NUTS, PISTACHIOS, SULPHITES],
    regularPence: 500,
    doublePence: null,
    cookMinutes: 5,
    stock: 5,
    art: { shape: 'dessert', sauce: '#d9a85e', garnish: '#8db255', plate: SLATE },
  },
  {
    n: 44,
    handle: 'vanilla-panna-cotta-with-amarena-cherries',
    title: 'Vanilla Panna Cotta with Amarena Cherries',
    descriptionHtml:
      '<p>A softly set Madagascan vanilla panna cotta with dark, syrupy Amarena cherries spooned over. Set with gelatine, so not suitable for vegetarians. <strong>Ready in 1 minute.</strong></p>',
    kind: 'Dessert',
    tags: ['dessert', 'gluten-free', MILK],
    regularPence: 450,
    doublePence: null,
    cookMinutes: 1,
    stock: 90,
    art: { shape: 'dessert', sauce: '#f4ead2', garnish: '#7a1424', plate: DUCK_EGG },
  },
  {
    n: 45,
    handle: 'chocolate-hazelnut-pot-with-peanut-brittle',
    title: 'Chocolate Hazelnut Pot with Peanut Brittle',
    descriptionHtml:
      '<p>A rich dark chocolate and hazelnut pot, topped with shards of salted peanut brittle. The kit has two pots and a bag of brittle to scatter over. <strong>Ready in 1 minute.</strong></p>',
    kind: 'Dessert',
    tags: ['dessert', 'vegetarian', 'gluten-free', MILK, EGGS, TREE_NUTS, HAZELNUTS, PEANUTS],
    regularPence: 500,
    doublePence: null,
    cookMinutes: 1,
    stock: 85,
    art: { shape: 'dessert', sauce: '#3e2418', garnish: '#d9a04a', plate: STONE },
  },
  {
    n: 46,
    handle: 'amalfi-lemon-sorbetto',
    title: 'Amalfi Lemon Sorbetto',
    descriptionHtml:
      '<p>A sharp, refreshing sorbetto made with Amalfi lemons, sugar and water, nothing else. Keep it in the freezer and soften for a minute before scooping. <strong>Ready in 2 minutes.</strong></p>',
    kind: 'Dessert',
    tags: ['dessert', 'vegan', 'vegetarian', 'gluten-free', 'dairy-free'],
    regularPence: 400,
    doublePence: null,
    cookMinutes: 2,
    stock: 100,
    art: { shape: 'dessert', sauce: '#f4e27a', garnish: '#6f9a3f', plate: SAGE },
  },
  {
    n: 47,
    handle: 'date-night-bundle',
    title: 'Date Night Bundle',
    descriptionHtml:
      '<p>Dinner for two, sorted: Beef Shin Ragù Pappardelle and Crab &amp; Chilli Linguine, a Garlic &amp; Rosemary Focaccia and a Tiramisù to share. Light a candle; the cooking is the easy part. <strong>Ready in 15 minutes.</strong></p>',
    kind: 'Bundle',
    tags: ['meat', 'fish', ...EGG_PASTA, MILK, CELERY, CRUSTACEANS, BEEF, ...WINE],
    regularPence: 3200,
    doublePence: null,
    cookMinutes: 15,
    stock: 45,
    art: { shape: 'pappardelle', sauce: '#8b2e1f', garnish: '#efe3b8', plate: CHARCOAL },
  },
  {
    n: 48,
    handle: 'family-feast-bundle',
    title: 'Family Feast Bundle',
    descriptionHtml:
      "<p>Feeds a hungry family of four: our Classic Beef Lasagne, Kids' Mini Meatball Spaghetti, a focaccia, a rocket salad and four vanilla panna cottas. The lasagne bakes while you cook the rest. <strong>Ready in 40 minutes.</strong></p>",
    kind: 'Bundle',
    tags: ['meat', ...EGG_PASTA, MILK, CELERY, MUSTARD, BEEF, PORK, ...WINE],
    regularPence: 4400,
    doublePence: null,
    cookMinutes: 40,
    stock: 40,
    art: { shape: 'lasagne', sauce: '#9c3322', garnish: '#4f7a2a', plate: OCHRE },
  },
  {
    n: 49,
    handle: 'pasta-lovers-bundle',
    title: "Pasta Lovers' Bundle",
    descriptionHtml:
      '<p>Four of our most-loved kits in one box: Guanciale Carbonara, Cacio e Pepe Tonnarelli, Pumpkin &amp; Sage Ravioli and Wild Mushroom Tortelloni. Each one is on the table in about 10 minutes. <strong>Ready in 10 minutes.</strong></p>',
    kind: 'Bundle',
    tags: ['meat', ...EGG_PASTA, MILK, PORK, TREE_NUTS, ALMONDS],
    regularPence: 3800,
    doublePence: null,
    cookMinutes: 10,
    stock: 50,
    art: { shape: 'ravioli', sauce: '#d9963a', garnish: '#6f8f4e', plate: TERRACOTTA },
  },
  {
    n: 50,
    handle: 'the-sfoglia-gift-box',
    title: 'The Sfoglia Gift Box',
    descriptionHtml:
      '<p>A kraft box tied with ribbon, packed with two fresh egg pastas, our tomato &amp; basil sauce, extra virgin olive oil, 24-month Parmigiano Reggiano and almond cantucci. Recipe cards included, so dinner is <strong>ready in 10 minutes</strong>.</p>',
    kind: 'Gift Box',
    tags: [...EGG_PASTA, MILK, TREE_NUTS, ALMONDS, MAY_CONTAIN_NUTS],
    regularPence: 3500,
    doublePence: null,
    cookMinutes: 10,
    stock: 60,
    art: { shape: 'box', sauce: '#8b2e1f', garnish: '#f2e6c4', plate: CREAM },
  },
  {
    n: 51,
    handle: 'date-night-gift-box',
    title: 'Date Night Gift Box',
    descriptionHtml:
      '<p>Dinner for two, sorted: crab &amp; chilli ravioli with a lemon butter sauce, a rocket and Parmigiano salad, and a tiramisù to share. Packed with a recipe card and a candle for the table. <strong>Ready in 15 minutes.</strong></p>',
    kind: 'Gift Box',
    tags: [...EGG_PASTA, MILK, CRUSTACEANS, FISH, SULPHITES],
    regularPence: 4200,
    doublePence: null,
    cookMinutes: 15,
    stock: 40,
    art: { shape: 'box', sauce: '#a8431f', garnish: '#f6d7c3', plate: CREAM },
  },
  {
    n: 52,
    handle: 'nonnas-sunday-gift-box',
    title: "Nonna's Sunday Gift Box",
    descriptionHtml:
      '<p>A proper Sunday lunch in a box: our slow-cooked beef ragù with fresh pappardelle, a rosemary focaccia to bake, and a bag of almond cantucci for afterwards. Feeds a table of four. <strong>Ready in 25 minutes.</strong></p>',
    kind: 'Gift Box',
    tags: ['meat', ...EGG_PASTA, MILK, CELERY, BEEF, TREE_NUTS, ALMONDS, ...WINE],
    regularPence: 5200,
    doublePence: null,
    cookMinutes: 25,
    stock: 40,
    art: { shape: 'box', sauce: '#576458', garnish: '#efe3b8', plate: CREAM },
  },
];
