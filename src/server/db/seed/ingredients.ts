// Ingredients a plan can ask the chef to leave out (GET /ingredients; issue 12), and which demo dishes hold
// them (read off each dish's description; `ingredient:<id>` tags). Dishes that say they are made without
// something ("no chilli", "without anchovies", "not a drop of cream") do not carry it.

export const INGREDIENTS: readonly { id: string; name: string }[] = [
  { id: 'mushrooms', name: 'Mushrooms' },
  { id: 'chilli', name: 'Chilli' },
  { id: 'garlic', name: 'Garlic' },
  { id: 'tomato', name: 'Tomato' },
  { id: 'olives', name: 'Olives' },
  { id: 'capers', name: 'Capers' },
  { id: 'anchovies', name: 'Anchovies' },
  { id: 'blue-cheese', name: 'Blue cheese' },
  { id: 'cream', name: 'Cream' },
  { id: 'peppers', name: 'Peppers' },
  { id: 'aubergine', name: 'Aubergine' },
  { id: 'truffle', name: 'Truffle' },
  { id: 'fennel', name: 'Fennel' },
];

/** Dish number (DishSeed.n) → the ingredients above it contains. */
export const DISH_INGREDIENTS: Readonly<Record<number, readonly string[]>> = {
  1: ['tomato'],
  3: ['chilli', 'garlic'],
  4: ['mushrooms', 'cream'],
  5: ['chilli', 'tomato'],
  7: ['tomato'],
  8: ['chilli', 'olives', 'capers', 'garlic', 'tomato'],
  9: ['tomato'],
  13: ['chilli', 'garlic', 'fennel'],
  14: ['chilli', 'garlic'],
  15: ['garlic', 'tomato'],
  16: ['cream'],
  17: ['anchovies', 'garlic'],
  19: ['aubergine', 'peppers', 'tomato'],
  20: ['blue-cheese'],
  21: ['tomato'],
  22: ['peppers', 'garlic', 'tomato'],
  23: ['tomato'],
  27: ['olives', 'peppers', 'tomato'],
  28: ['garlic', 'cream'],
  30: ['chilli', 'tomato'],
  31: ['mushrooms'],
  32: ['garlic'],
  34: ['garlic', 'tomato'],
  35: ['truffle'],
  37: ['garlic'],
  40: ['tomato'],
  41: ['chilli', 'garlic'],
  42: ['cream'],
};

/** Dishes of game (the `game` dietary flag leaves them out). */
export const GAME_DISHES: readonly number[] = [12];
