import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { camelKeys, camelQueryKey, camelToSnake, snakeKeys, snakeQueryKey, snakeToCamel } from './case';

// camelCase identifiers as our contracts spell them: `totalLineItemsPrice`, `address1`, `expMonth`.
const head = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);
const segment = fc.stringMatching(/^[A-Z][a-z0-9]{0,7}$/);
const camelIdentifier = fc
  .tuple(head, fc.array(segment, { maxLength: 4 }))
  .map(([first, rest]) => first + rest.join(''));
// snake_case identifiers whose words start with a letter: `total_line_items_price`, `address1`.
const snakeIdentifier = fc
  .array(fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/), { minLength: 1, maxLength: 5 })
  .map((words) => words.join('_'));

describe('camelToSnake and snakeToCamel', () => {
  test.each([
    ['totalLineItemsPrice', 'total_line_items_price'],
    ['address1', 'address1'],
    ['address2', 'address2'],
    ['productVariantExtId', 'product_variant_ext_id'],
    ['expMonth', 'exp_month'],
    ['id', 'id'],
    ['isAddon', 'is_addon'],
  ])('%s ⇄ %s', (camel, snake) => {
    expect(camelToSnake(camel)).toBe(snake);
    expect(snakeToCamel(snake)).toBe(camel);
  });

  test('a digit after an underscore joins the word before it', () => {
    expect(snakeToCamel('address_1')).toBe('address1');
    expect(snakeToCamel('per_page')).toBe('perPage');
  });

  test('property: camel → snake → camel is the identity for camelCase keys', () => {
    fc.assert(
      fc.property(camelIdentifier, (key) => {
        const snake = camelToSnake(key);
        expect(snake).toMatch(/^[a-z0-9_]+$/);
        expect(snakeToCamel(snake)).toBe(key);
      }),
    );
  });

  test('property: snake → camel → snake is the identity for snake_case keys', () => {
    fc.assert(
      fc.property(snakeIdentifier, (key) => {
        const camel = snakeToCamel(key);
        expect(camel).not.toContain('_');
        expect(camelToSnake(camel)).toBe(key);
      }),
    );
  });
});

describe('snakeKeys and camelKeys', () => {
  const when = new Date('2026-11-23T10:00:00Z');
  const camel = {
    totalLineItemsPrice: 4398,
    deliveryDate: null,
    lineItems: [
      {
        productVariantId: 'gid://shopify/ProductVariant/1',
        variantTitle: 'Double Portion (Serves 2)',
        tags: ['hide-from-menu', 'someTag', 'snake_value'],
        subItems: [],
        address1: { firstName: 'Ada' },
      },
      [{ isAddon: true }, 3, 'isAddon'],
    ],
    meta: { requestCard: false, minimumSpendPerOrder: 1000, nested: { createdAt: when } },
  };
  const snake = {
    total_line_items_price: 4398,
    delivery_date: null,
    line_items: [
      {
        product_variant_id: 'gid://shopify/ProductVariant/1',
        variant_title: 'Double Portion (Serves 2)',
        tags: ['hide-from-menu', 'someTag', 'snake_value'],
        sub_items: [],
        address1: { first_name: 'Ada' },
      },
      [{ is_addon: true }, 3, 'isAddon'],
    ],
    meta: { request_card: false, minimum_spend_per_order: 1000, nested: { created_at: when } },
  };

  test('convert keys deep through arrays and objects, leaving values alone', () => {
    expect(snakeKeys(camel)).toEqual(snake);
    expect(camelKeys(snake)).toEqual(camel);
  });

  test('Dates and primitives pass through as they are', () => {
    const out = snakeKeys(camel) as typeof snake;
    expect(out.meta.nested.created_at).toBe(when);
    expect(snakeKeys('someValue')).toBe('someValue');
    expect(camelKeys(null)).toBe(null);
    expect(camelKeys(42)).toBe(42);
    expect(camelKeys([1, 'a_b'])).toEqual([1, 'a_b']);
  });

  test('the input is not modified', () => {
    const input = { lineItems: [{ productId: 'p' }] };
    snakeKeys(input);
    expect(input).toEqual({ lineItems: [{ productId: 'p' }] });
  });

  const leaf = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
  const camelTree = fc.letrec<{ node: unknown }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('node'), { maxLength: 4 }),
      fc.dictionary(camelIdentifier, tie('node'), { maxKeys: 5 }),
    ),
  })).node;

  test('property: camelKeys(snakeKeys(x)) is x for camelCase keys, with every value unchanged', () => {
    fc.assert(
      fc.property(camelTree, (tree) => {
        const wire = snakeKeys(tree);
        expect(camelKeys(wire)).toEqual(tree);
        for (const key of keys(wire)) expect(key).toMatch(/^[a-z0-9_]+$/);
        expect(leaves(wire)).toEqual(leaves(tree));
      }),
    );
  });
});

/** Every key of a tree. */
function keys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keys);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [key, ...keys(item)]);
  }
  return [];
}

/** The values of a tree in order, ignoring keys. */
function leaves(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [value];
}

describe('camelQueryKey and snakeQueryKey', () => {
  test.each([
    ['filter[delivery_date]', 'filter[deliveryDate]'],
    ['page[per_page]', 'page[perPage]'],
    ['per_page', 'perPage'],
    ['filter[order_state][]', 'filter[orderState][]'],
    ['sort', 'sort'],
  ])('%s ⇄ %s', (snake, camel) => {
    expect(camelQueryKey(snake)).toBe(camel);
    expect(snakeQueryKey(camel)).toBe(snake);
  });

  test('property: round trip inside brackets', () => {
    fc.assert(
      fc.property(camelIdentifier, fc.array(camelIdentifier, { maxLength: 3 }), (name, parts) => {
        const key = name + parts.map((p) => `[${p}]`).join('');
        expect(camelQueryKey(snakeQueryKey(key))).toBe(key);
      }),
    );
  });
});
