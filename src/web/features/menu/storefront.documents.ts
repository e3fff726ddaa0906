// Every query the web app sends to the storefront. They must validate against Shopify's published
// Storefront API schema and against our embedded storefront: tests/storefront-conformance.test.ts.

/** Weekly menu collections are titled by their week's Monday ("2026-11-23"): the newest 20. */
export const WEEK_COLLECTIONS_QUERY = /* GraphQL */ `
  query WeekCollections($first: Int!) {
    collections(first: $first, sortKey: TITLE, reverse: true, query: "title:20*") {
      nodes {
        id
        handle
        title
      }
    }
  }
`;

const PRODUCT_FIELDS = /* GraphQL */ `
  fragment MenuProduct on Product {
    id
    handle
    title
    descriptionHtml
    productType
    tags
    availableForSale
    images(first: 5) {
      nodes {
        url
        altText
        width
        height
      }
    }
    variants(first: 2) {
      nodes {
        id
        title
        sku
        availableForSale
        quantityAvailable
        price {
          amount
          currencyCode
        }
      }
    }
  }
`;

export const WEEK_MENU_QUERY = /* GraphQL */ `
  query WeekMenu($handle: String!) {
    collection(handle: $handle) {
      id
      handle
      title
      products(first: 100) {
        nodes {
          ...MenuProduct
        }
      }
    }
  }
  ${PRODUCT_FIELDS}
`;

export const PRODUCT_QUERY = /* GraphQL */ `
  query MenuProductById($id: ID!) {
    product(id: $id) {
      ...MenuProduct
    }
  }
  ${PRODUCT_FIELDS}
`;

export const STOREFRONT_DOCUMENTS = {
  WeekCollections: WEEK_COLLECTIONS_QUERY,
  WeekMenu: WEEK_MENU_QUERY,
  MenuProductById: PRODUCT_QUERY,
} as const;
