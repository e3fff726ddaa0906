import {
  buildSchema,
  execute,
  GraphQLError,
  Kind,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { penceToDecimal } from '../../../domain/money';
import type { DbOrTx } from '../../db/client';
import {
  collectionProductIds,
  countCollectionProducts,
  countCollections,
  findCollection,
  findProductId,
  findVariantProductId,
  hydrateProducts,
  listCollections,
  type CollectionOrder,
  type CollectionRow,
  type HydratedProduct,
  type ImageRow,
  type ProductOrder,
  type VariantRow,
} from './local-catalogue.repo';
import { costLimitRule, depthLimitRule } from './query-limits';
import { STOREFRONT_SDL } from './storefront.graphql';

// The embedded storefront (architecture decision 8): Shopify Storefront API shapes served from our
// catalogue tables. Resolvers are plain objects whose function-valued fields graphql-js calls with their
// arguments; connections follow Shopify's rules (first or last, at most 250).

export const MAX_PAGE = 250;

const GID = /^gid:\/\/shopify\/(Product|ProductVariant|Collection|ProductImage)\/(\d{1,15})$/;

export const gid = (type: string, id: number) => `gid://shopify/${type}/${id}`;

function parseGid(value: string | undefined | null, type?: string): { type: string; id: number } | null {
  const match = value ? GID.exec(value) : null;
  if (!match || (type && match[1] !== type)) return null;
  return { type: match[1]!, id: Number(match[2]) };
}

interface PageArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  reverse?: boolean | null;
}

const encodeCursor = (index: number) => Buffer.from(`sfoglia:${index}`).toString('base64url');

function decodeCursor(cursor: string): number {
  const match = /^sfoglia:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new GraphQLError(`Invalid cursor: ${cursor}`, { extensions: { code: 'BAD_REQUEST' } });
  return Number(match[1]);
}

/** Turns first/after/last/before into an offset window over a list ordered by `reverse`. */
function pageWindow(args: PageArgs, total?: number): { offset: number; limit: number } {
  const { first, last } = args;
  if ((first === undefined || first === null) && (last === undefined || last === null)) {
    throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
  }
  for (const [name, value] of [
    ['first', first],
    ['last', last],
  ] as const) {
    if (value !== undefined && value !== null && (value < 0 || value > MAX_PAGE)) {
      throw new GraphQLError(`${name} must be between 0 and ${MAX_PAGE}`, {
        extensions: { code: 'BAD_REQUEST' },
      });
    }
  }
  const start = args.after ? decodeCursor(args.after) + 1 : 0;
  const end = args.before ? decodeCursor(args.before) : (total ?? Number.MAX_SAFE_INTEGER);
  if (first !== undefined && first !== null)
    return { offset: start, limit: Math.max(0, Math.min(first, end - start)) };
  const limit = Math.max(0, Math.min(last!, end - start));
  return { offset: Math.max(start, end - limit), limit };
}

/** `last` without `before` counts back from the end, so the window needs the list's length. */
const needsTotal = (args: PageArgs) => (args.first === undefined || args.first === null) && !args.before;

function connection<T>(items: T[], offset: number, hasNextPage: boolean) {
  const edges = items.map((node, index) => ({ cursor: encodeCursor(offset + index), node }));
  return {
    edges,
    nodes: items,
    pageInfo: {
      hasNextPage,
      hasPreviousPage: offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** An in-memory list as a connection (a product's few images or variants). */
function listConnection<T>(all: readonly T[], args: PageArgs) {
  const ordered = args.reverse ? [...all].reverse() : [...all];
  const { offset, limit } = pageWindow(args, ordered.length);
  return connection(ordered.slice(offset, offset + limit), offset, offset + limit < ordered.length);
}

const stripHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

function truncate(text: string, at: number | null | undefined) {
  return at && text.length > at ? `${text.slice(0, Math.max(0, at - 1)).trimEnd()}…` : text;
}

export interface StorefrontContext {
  db: DbOrTx;
  /** The origin images are served from, e.g. http://localhost:3000. */
  origin: string;
}

function imageNode(image: ImageRow, origin: string) {
  return {
    id: gid('ProductImage', image.id),
    url: image.url.startsWith('/') ? `${origin}${image.url}` : image.url,
    altText: image.altText,
    width: image.width,
    height: image.height,
  };
}

function variantNode(variant: VariantRow, product: () => unknown) {
  return {
    __typename: 'ProductVariant',
    id: variant.extId,
    title: variant.title,
    sku: variant.sku,
    price: { amount: penceToDecimal(variant.pricePence), currencyCode: 'GBP' },
    availableForSale: variant.quantityAvailable > 0,
    currentlyNotInStock: variant.quantityAvailable === 0,
    quantityAvailable: variant.quantityAvailable,
    requiresShipping: true,
    selectedOptions: [{ name: 'Portion', value: variant.title }],
    image: null,
    product,
  };
}

function productNode(product: HydratedProduct, origin: string) {
  const node: Record<string, unknown> = {
    __typename: 'Product',
    id: product.extId,
    handle: product.handle,
    title: product.title,
    descriptionHtml: product.descriptionHtml,
    description: ({ truncateAt }: { truncateAt?: number | null }) =>
      truncate(stripHtml(product.descriptionHtml), truncateAt),
    productType: product.productType,
    vendor: product.vendor,
    tags: product.tags,
    isGiftCard: false,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
    availableForSale: product.variants.some((v) => v.quantityAvailable > 0),
    totalInventory: product.variants.reduce((sum, v) => sum + v.quantityAvailable, 0),
    featuredImage: product.images[0] ? imageNode(product.images[0], origin) : null,
    images: (args: PageArgs) =>
      listConnection(
        product.images.map((image) => imageNode(image, origin)),
        args,
      ),
  };
  node.variants = (args: PageArgs) =>
    listConnection(
      product.variants.map((variant) => variantNode(variant, () => node)),
      args,
    );
  return node;
}

function collectionNode(collection: CollectionRow, ctx: StorefrontContext) {
  return {
    __typename: 'Collection',
    id: collection.extId,
    handle: collection.handle,
    title: collection.title,
    descriptionHtml: collection.descriptionHtml,
    description: ({ truncateAt }: { truncateAt?: number | null }) =>
      truncate(stripHtml(collection.descriptionHtml), truncateAt),
    image: null,
    updatedAt: collection.updatedAt.toISOString(),
    products: async (args: PageArgs & { sortKey?: ProductOrder }) => {
      const total = needsTotal(args) ? await countCollectionProducts(ctx.db, collection.id) : undefined;
      const { offset, limit } = pageWindow(args, total);
      const ids = await collectionProductIds(ctx.db, collection.id, {
        order: args.sortKey ?? 'COLLECTION_DEFAULT',
        reverse: args.reverse ?? false,
        offset,
        limit: limit + 1,
      });
      const page = await hydrateProducts(ctx.db, ids.slice(0, limit));
      return connection(
        page.map((product) => productNode(product, ctx.origin)),
        offset,
        ids.length > limit,
      );
    },
  };
}

async function productById(ctx: StorefrontContext, id: number | null) {
  if (id === null) return null;
  const [product] = await hydrateProducts(ctx.db, [id]);
  return product ? productNode(product, ctx.origin) : null;
}

/** Shopify's collection search syntax, the part we answer: `title:2026*` (prefix) or `title:"Exact"`. */
function parseCollectionQuery(query: string | null | undefined): {
  titlePrefix?: string;
  titleExact?: string;
} {
  if (!query || !query.trim()) return {};
  const match = /^\s*title:(?:"([^"]*)"|(\S+))\s*$/.exec(query);
  if (!match) {
    throw new GraphQLError(`This storefront only supports collection queries of the form title:<prefix>*`, {
      extensions: { code: 'BAD_REQUEST' },
    });
  }
  const value = match[1] ?? match[2]!;
  return value.endsWith('*') ? { titlePrefix: value.slice(0, -1) } : { titleExact: value };
}

const rootValue = {
  collections: async (
    args: PageArgs & { query?: string | null; sortKey?: CollectionOrder },
    ctx: StorefrontContext,
  ) => {
    const filter = parseCollectionQuery(args.query);
    const total = needsTotal(args) ? await countCollections(ctx.db, filter) : undefined;
    const { offset, limit } = pageWindow(args, total);
    const rows = await listCollections(ctx.db, {
      ...filter,
      order: args.sortKey ?? 'ID',
      reverse: args.reverse ?? false,
      offset,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit).map((row) => collectionNode(row, ctx));
    return {
      ...connection(page, offset, rows.length > limit),
      // Every collection the query matches, not this page's; counted only when asked for.
      totalCount: async () => String(total ?? (await countCollections(ctx.db, filter))),
    };
  },
  collection: async (args: { handle?: string | null; id?: string | null }, ctx: StorefrontContext) => {
    if (args.handle) return wrap(await findCollection(ctx.db, { handle: args.handle }), ctx);
    const id = parseGid(args.id, 'Collection');
    return id ? wrap(await findCollection(ctx.db, { id: id.id }), ctx) : null;
  },
  product: async (args: { handle?: string | null; id?: string | null }, ctx: StorefrontContext) => {
    if (args.handle) return productById(ctx, await findProductId(ctx.db, { handle: args.handle }));
    const id = parseGid(args.id, 'Product');
    return id ? productById(ctx, await findProductId(ctx.db, { id: id.id })) : null;
  },
  node: async (args: { id: string }, ctx: StorefrontContext) => {
    const ref = parseGid(args.id);
    if (!ref) return null;
    if (ref.type === 'Product') return productById(ctx, await findProductId(ctx.db, { id: ref.id }));
    if (ref.type === 'Collection') return wrap(await findCollection(ctx.db, { id: ref.id }), ctx);
    if (ref.type === 'ProductVariant') {
      const product = await productById(ctx, await findVariantProductId(ctx.db, ref.id));
      const variants = (product?.variants as ((a: PageArgs) => { nodes: { id: string }[] }) | undefined)?.({
        first: MAX_PAGE,
      });
      return variants?.nodes.find((v) => v.id === args.id) ?? null;
    }
    return null;
  },
};

function wrap(row: CollectionRow | null, ctx: StorefrontContext) {
  return row ? collectionNode(row, ctx) : null;
}

export const MAX_QUERY_DEPTH = 12;
export const MAX_QUERY_COST = 5_000;

let schemaCache: GraphQLSchema | null = null;
export function storefrontSchema(): GraphQLSchema {
  schemaCache ??= buildSchema(STOREFRONT_SDL);
  return schemaCache;
}

/** A document parsed and checked against the schema and the limits for some variables: its errors, if any. */
interface CheckedDocument {
  document: DocumentNode | null;
  errors: readonly GraphQLError[];
}

/**
 * Documents already checked, by query text and variables (a query's cost depends on its variables, so both
 * name it): parsing and validating are pure, and the same few queries come again and again. Bounded.
 */
const checkedCache = new Map<string, CheckedDocument>();
const CHECKED_CACHE_SIZE = 500;

interface StorefrontRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

function checked(request: StorefrontRequest, key: string): CheckedDocument {
  const known = checkedCache.get(key);
  if (known) return known;
  let result: CheckedDocument;
  try {
    const document = parse(request.query, { maxTokens: 5_000 });
    const errors = validate(storefrontSchema(), document, [
      ...specifiedRules,
      depthLimitRule(MAX_QUERY_DEPTH),
      costLimitRule(MAX_QUERY_COST, request.variables ?? {}),
    ]);
    result = { document: errors.length > 0 ? null : document, errors };
  } catch (error) {
    result = {
      document: null,
      errors: [error instanceof GraphQLError ? error : new GraphQLError(String(error))],
    };
  }
  if (checkedCache.size >= CHECKED_CACHE_SIZE) checkedCache.delete(checkedCache.keys().next().value!);
  checkedCache.set(key, result);
  return result;
}

/** Parses (once per query and variables), validates against the schema and the limits, and executes. */
export async function runStorefrontQuery(
  request: StorefrontRequest,
  ctx: StorefrontContext,
): Promise<ExecutionResult> {
  const { document, errors } = checked(request, checkedKey(request));
  if (!document) return { errors };
  return execute({
    schema: storefrontSchema(),
    document,
    rootValue,
    contextValue: ctx,
    variableValues: request.variables ?? {},
    operationName: request.operationName ?? null,
  });
}

const checkedKey = (request: StorefrontRequest) =>
  `${request.query}\u0000${JSON.stringify(request.variables ?? {})}`;

/**
 * The handle a document's operation asks for when all it asks is one collection by handle (the menu's
 * query and the product list): everything under a collection is read from that collection, its products and
 * their variants and images, which `prepareCollectionFingerprint` covers. Null for any other document.
 */
function collectionHandleOf(document: DocumentNode, request: StorefrontRequest): string | null {
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const operation =
    operations.length === 1 ? operations[0] : operations.find((o) => o.name?.value === request.operationName);
  if (!operation || operation.operation !== 'query') return null;
  const [field, ...more] = operation.selectionSet.selections;
  if (!field || more.length > 0 || field.kind !== Kind.FIELD || field.name.value !== 'collection')
    return null;
  if (field.directives?.length || field.arguments?.length !== 1) return null;
  const [argument] = field.arguments;
  if (argument!.name.value !== 'handle') return null;
  const value = argument!.value;
  const handle =
    value.kind === Kind.STRING
      ? value.value
      : value.kind === Kind.VARIABLE
        ? request.variables?.[value.name.value]
        : null;
  return typeof handle === 'string' ? handle : null;
}

/** Answers already made for a collection, by request and origin, with the fingerprint they were made at. */
export class StorefrontAnswers {
  private readonly answers = new Map<string, { fingerprint: string; body: string }>();
  constructor(
    private readonly fingerprintOf: (handle: string) => Promise<string>,
    private readonly capacity = 200,
  ) {}

  /**
   * The answer to a request as JSON text. A request for one collection by handle is answered from the last
   * answer to the same request when nothing it was made from has changed since (one round trip to check,
   * instead of five queries and the execution); any other is executed.
   */
  async answer(request: StorefrontRequest, ctx: StorefrontContext): Promise<string> {
    const key = checkedKey(request);
    const { document, errors } = checked(request, key);
    if (!document) return JSON.stringify({ errors });
    const handle = collectionHandleOf(document, request);
    if (handle === null) return JSON.stringify(await runStorefrontQuery(request, ctx));
    const answerKey = `${ctx.origin}\u0000${request.operationName ?? ''}\u0000${key}`;
    // Taken before the answer is made: the answer is then at least as new as its fingerprint.
    const fingerprint = await this.fingerprintOf(handle);
    const known = this.answers.get(answerKey);
    if (known?.fingerprint === fingerprint) return known.body;
    const result = await runStorefrontQuery(request, ctx);
    const body = JSON.stringify(result);
    if (!result.errors?.length) {
      this.answers.delete(answerKey);
      if (this.answers.size >= this.capacity) this.answers.delete(this.answers.keys().next().value!);
      this.answers.set(answerKey, { fingerprint, body });
    }
    return body;
  }
}
