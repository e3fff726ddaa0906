import { allergensFromTags } from './allergens';

// The kitchen's production plan (issue 25 part 5): for one delivery day, how many of each dish and portion to
// make, the packed boxes by courier route (a postcode's area: "SW1A 2AA" → "SW"), and how many portions carry
// each allergen or dietary mark. Pure: the boxes come in, the plan goes out; the CSV is the same numbers.

export interface PlanLine {
  title: string;
  /** The portion: "2 people", "4 people". */
  variantTitle: string;
  sku: string;
  quantity: number;
  tags: readonly string[];
}

export interface PlanBox {
  number: number;
  postcode: string;
  lines: readonly PlanLine[];
}

export interface ProductionPlan {
  boxes: number;
  portions: number;
  dishes: { title: string; variantTitle: string; sku: string; quantity: number }[];
  routes: { route: string; boxes: number; orderNumbers: number[] }[];
  allergens: { name: string; portions: number }[];
  dietary: { name: string; portions: number }[];
}

export const DIETARY_MARKS = ['vegetarian', 'vegan', 'meat', 'fish'] as const;
const DIETARY_LABELS: Record<(typeof DIETARY_MARKS)[number], string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  meat: 'Meat',
  fish: 'Fish',
};

/** The courier route a postcode is on: its area, the letters before the first digit ("EC1A 1BB" → "EC"). */
export function courierRoute(postcode: string): string {
  const area = /^[A-Za-z]{1,2}/.exec(postcode.trim())?.[0];
  return area ? area.toUpperCase() : 'Unknown';
}

export function productionPlan(boxes: readonly PlanBox[]): ProductionPlan {
  const dishes = new Map<string, ProductionPlan['dishes'][number]>();
  const routes = new Map<string, number[]>();
  const allergens = new Map<string, number>();
  const dietary = new Map<string, number>();
  let portions = 0;
  for (const box of boxes) {
    const route = courierRoute(box.postcode);
    routes.set(route, [...(routes.get(route) ?? []), box.number]);
    for (const line of box.lines) {
      portions += line.quantity;
      const key = `${line.sku}\u0000${line.title}\u0000${line.variantTitle}`;
      const dish = dishes.get(key) ?? {
        title: line.title,
        variantTitle: line.variantTitle,
        sku: line.sku,
        quantity: 0,
      };
      dish.quantity += line.quantity;
      dishes.set(key, dish);
      for (const allergen of allergensFromTags(line.tags))
        allergens.set(allergen.name, (allergens.get(allergen.name) ?? 0) + line.quantity);
      for (const mark of DIETARY_MARKS)
        if (line.tags.some((tag) => tag.trim().toLowerCase() === mark))
          dietary.set(DIETARY_LABELS[mark], (dietary.get(DIETARY_LABELS[mark]) ?? 0) + line.quantity);
    }
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return {
    boxes: boxes.length,
    portions,
    dishes: [...dishes.values()].sort(
      (a, b) =>
        a.title.localeCompare(b.title) ||
        a.variantTitle.localeCompare(b.variantTitle) ||
        a.sku.localeCompare(b.sku),
    ),
    routes: [...routes.entries()]
      .map(([route, numbers]) => ({
        route,
        boxes: numbers.length,
        orderNumbers: numbers.sort((a, b) => a - b),
      }))
      .sort((a, b) => a.route.localeCompare(b.route)),
    allergens: [...allergens.entries()].map(([name, n]) => ({ name, portions: n })).sort(byName),
    dietary: [...dietary.entries()].map(([name, n]) => ({ name, portions: n })).sort(byName),
  };
}

/** The plan as rows for a spreadsheet: a header, then each section's rows. */
export function productionPlanRows(date: string, plan: ProductionPlan): string[][] {
  return [
    ['section', 'name', 'portion', 'sku', 'quantity'],
    ...plan.dishes.map((d) => ['dish', d.title, d.variantTitle, d.sku, String(d.quantity)]),
    ...plan.routes.map((r) => ['route', r.route, '', '', String(r.boxes)]),
    ...plan.allergens.map((a) => ['allergen', a.name, '', '', String(a.portions)]),
    ...plan.dietary.map((d) => ['dietary', d.name, '', '', String(d.portions)]),
    ['total', `boxes for ${date}`, '', '', String(plan.boxes)],
    ['total', `items for ${date}`, '', '', String(plan.portions)],
  ];
}
