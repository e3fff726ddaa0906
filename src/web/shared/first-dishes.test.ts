import { describe, expect, test } from 'vitest';
import { firstDishes } from './first-dishes';

describe('a menu’s first dishes', () => {
  const sections = [
    { name: 'Pasta', products: ['ragù', 'cacio', 'pesto'] },
    { name: 'Sides', products: ['focaccia', 'salad'] },
    { name: 'Desserts', products: ['tiramisù'] },
  ];

  test('takes dishes in order across sections, each section keeping its own', () => {
    expect(firstDishes(sections, 4)).toEqual([
      { name: 'Pasta', products: ['ragù', 'cacio', 'pesto'] },
      { name: 'Sides', products: ['focaccia'] },
    ]);
  });

  test('takes every dish when there are fewer, and none at 0', () => {
    expect(firstDishes(sections, 10)).toEqual(sections);
    expect(firstDishes(sections, 0)).toEqual([]);
  });
});
