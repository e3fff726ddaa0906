// The embedded storefront's schema: a strict subset of Shopify's Storefront API (2026-04) with the same
// type names, field names, argument names and types, so that a query our web app sends to a real Shopify
// store is answered here the same way. A conformance test checks every field against Shopify's schema.
export const STOREFRONT_SDL = /* GraphQL */ `
  schema {
    query: QueryRoot
  }

  scalar Decimal
  scalar HTML
  scalar URL
  scalar DateTime
  scalar UnsignedInt64

  enum CurrencyCode {
    GBP
  }

  enum CollectionSortKeys {
    ID
    RELEVANCE
    TITLE
    UPDATED_AT
  }

  enum ProductCollectionSortKeys {
    BEST_SELLING
    COLLECTION_DEFAULT
    CREATED
    ID
    MANUAL
    PRICE
    RELEVANCE
    TITLE
  }

  enum ProductImageSortKeys {
    CREATED_AT
    ID
    POSITION
    RELEVANCE
  }

  enum ProductVariantSortKeys {
    ID
    POSITION
    RELEVANCE
    SKU
    TITLE
  }

  interface Node {
    id: ID!
  }

  type QueryRoot {
    collection(handle: String, id: ID): Collection
    collections(
      after: String
      before: String
      first: Int
      last: Int
      query: String
      reverse: Boolean = false
      sortKey: CollectionSortKeys = ID
    ): CollectionConnection!
    node(id: ID!): Node
    product(handle: String, id: ID): Product
  }

  type PageInfo {
    endCursor: String
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
  }

  type MoneyV2 {
    amount: Decimal!
    currencyCode: CurrencyCode!
  }

  type Image {
    altText: String
    height: Int
    id: ID
    url: URL!
    width: Int
  }

  type ImageEdge {
    cursor: String!
    node: Image!
  }

  type ImageConnection {
    edges: [ImageEdge!]!
    nodes: [Image!]!
    pageInfo: PageInfo!
  }

  type SelectedOption {
    name: String!
    value: String!
  }

  type ProductVariant implements Node {
    availableForSale: Boolean!
    currentlyNotInStock: Boolean!
    id: ID!
    image: Image
    price: MoneyV2!
    product: Product!
    quantityAvailable: Int
    requiresShipping: Boolean!
    selectedOptions: [SelectedOption!]!
    sku: String
    title: String!
  }

  type ProductVariantEdge {
    cursor: String!
    node: ProductVariant!
  }

  type ProductVariantConnection {
    edges: [ProductVariantEdge!]!
    nodes: [ProductVariant!]!
    pageInfo: PageInfo!
  }

  type Product implements Node {
    availableForSale: Boolean!
    createdAt: DateTime!
    description(truncateAt: Int): String!
    descriptionHtml: HTML!
    featuredImage: Image
    handle: String!
    id: ID!
    images(
      after: String
      before: String
      first: Int
      last: Int
      reverse: Boolean = false
      sortKey: ProductImageSortKeys = POSITION
    ): ImageConnection!
    isGiftCard: Boolean!
    productType: String!
    tags: [String!]!
    title: String!
    totalInventory: Int
    updatedAt: DateTime!
    variants(
      after: String
      before: String
      first: Int
      last: Int
      reverse: Boolean = false
      sortKey: ProductVariantSortKeys = POSITION
    ): ProductVariantConnection!
    vendor: String!
  }

  type ProductEdge {
    cursor: String!
    node: Product!
  }

  type ProductConnection {
    edges: [ProductEdge!]!
    nodes: [Product!]!
    pageInfo: PageInfo!
  }

  type Collection implements Node {
    description(truncateAt: Int): String!
    descriptionHtml: HTML!
    handle: String!
    id: ID!
    image: Image
    products(
      after: String
      before: String
      first: Int
      last: Int
      reverse: Boolean = false
      sortKey: ProductCollectionSortKeys = COLLECTION_DEFAULT
    ): ProductConnection!
    title: String!
    updatedAt: DateTime!
  }

  type CollectionEdge {
    cursor: String!
    node: Collection!
  }

  type CollectionConnection {
    edges: [CollectionEdge!]!
    nodes: [Collection!]!
    pageInfo: PageInfo!
    totalCount: UnsignedInt64!
  }
`;
