// A basket of either kind as a document's resources: the basket with its items as a relationship, and the
// items in `included` (recipe-kit `basket_items`, takeaway `takeaway_basket_items`).

type Item<B extends { items: { id: string }[] }> = B['items'][number];

export function basketResources<
  T extends 'basket_items' | 'takeaway_basket_items',
  B extends { id: string; items: { id: string }[] },
>(basket: B, itemType: T) {
  const { id, items, ...attributes } = basket;
  const lines: Item<B>[] = items;
  return {
    data: {
      id,
      type: 'baskets' as const,
      attributes,
      relationships: { items: { data: lines.map((item) => ({ id: item.id, type: itemType })) } },
    },
    included: lines.map((item) => {
      const { id: itemId, ...itemAttributes } = item;
      return { id: itemId, type: itemType, attributes: itemAttributes };
    }),
  };
}
