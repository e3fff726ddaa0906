import { formatCookingTime } from '../../../domain/menu';
import type { MenuDish } from './menu.queries';

// The facts a customer scans a dish for: how long it takes and what it is (vegan, gluten free, …), how many
// are already in the basket, and its customers' stars. Shared by the menu card and the dish detail.

const BADGES: [tag: string, label: string, title: string][] = [
  ['vegan', 'VG', 'Vegan'],
  ['vegetarian', 'V', 'Vegetarian'],
  ['gluten-free', 'GF', 'Gluten free'],
  ['dairy-free', 'DF', 'Dairy free'],
  ['kids', 'Kids', 'Kids’ favourite'],
];

export function dietaryBadges(dish: Pick<MenuDish, 'tags'>) {
  return BADGES.filter(([tag]) => dish.tags.includes(tag)).filter(
    ([tag]) => !(tag === 'vegetarian' && dish.tags.includes('vegan')),
  );
}

export function DishFacts({ dish, inBasket }: { dish: MenuDish; inBasket: number }) {
  const badges = dietaryBadges(dish);
  return (
    <ul className="dish-facts" aria-label={`About ${dish.title}`}>
      {inBasket > 0 ? <li className="dish-facts__in-basket">In your basket ×{inBasket}</li> : null}
      {dish.rating ? <li className="dish-facts__rating">{dish.rating}</li> : null}
      {dish.cookingMinutes !== null ? (
        <li className="dish-facts__time">Ready in {formatCookingTime(dish.cookingMinutes)}</li>
      ) : null}
      {badges.map(([tag, label, title]) => (
        <li key={tag} className="badge-tag" title={title}>
          <abbr title={title}>{label}</abbr>
        </li>
      ))}
    </ul>
  );
}
