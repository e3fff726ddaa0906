import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  buildClientSchema,
  buildSchema,
  GraphQLEnumType,
  GraphQLInterfaceType,
  GraphQLObjectType,
  parse,
  validate,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import { describe, expect, test } from 'vitest';
import { STOREFRONT_SDL } from '../src/server/integrations/storefront/storefront.graphql';
import { STOREFRONT_DOCUMENTS } from '../src/web/features/menu/storefront.documents';

// The web app must also work against a real Shopify store. Every storefront query it sends is validated
// against Shopify's published Storefront API schema (2026-04) and against our embedded storefront, and our
// schema must be a subset of Shopify's. The schema is reference data kept outside the repository.

const CANDIDATES = [
  process.env.SHOPIFY_STOREFRONT_SCHEMA,
  resolve(import.meta.dirname, '../../shared/reference/shopify-storefront.schema.json'),
  '/work/shared/reference/shopify-storefront.schema.json',
].filter((p): p is string => !!p);
const schemaPath = CANDIDATES.find((path) => existsSync(path));

const ours = buildSchema(STOREFRONT_SDL);

test('the web app’s storefront queries are valid against our embedded storefront', () => {
  for (const [name, query] of Object.entries(STOREFRONT_DOCUMENTS)) {
    expect(
      validate(ours, parse(query)).map((e) => e.message),
      name,
    ).toEqual([]);
  }
});

if (!schemaPath) {
  test(`Shopify's Storefront API schema is absent (looked in: ${CANDIDATES.join(', ')}); set SHOPIFY_STOREFRONT_SCHEMA to check conformance`, () => {
    // Said plainly in the test name; there is nothing to compare against on this machine.
    expect(schemaPath).toBeUndefined();
  });
} else {
  describe(`Shopify Storefront API schema conformance (${schemaPath})`, () => {
    const raw = JSON.parse(readFileSync(schemaPath, 'utf8')) as {
      data?: IntrospectionQuery;
    } & IntrospectionQuery;
    const shopify: GraphQLSchema = buildClientSchema(raw.data ?? raw);

    test('every storefront query the web app sends validates against Shopify’s schema', () => {
      for (const [name, query] of Object.entries(STOREFRONT_DOCUMENTS)) {
        expect(
          validate(shopify, parse(query)).map((e) => e.message),
          name,
        ).toEqual([]);
      }
    });

    test('our embedded storefront schema is a subset of Shopify’s: same types, fields, arguments', () => {
      const problems: string[] = [];
      for (const type of Object.values(ours.getTypeMap())) {
        if (type.name.startsWith('__')) continue;
        const theirs = shopify.getType(type.name);
        if (!theirs) {
          problems.push(`type ${type.name} is not in Shopify's schema`);
          continue;
        }
        if (type instanceof GraphQLEnumType) {
          if (!(theirs instanceof GraphQLEnumType)) problems.push(`${type.name} is not an enum there`);
          else {
            const values = new Set(theirs.getValues().map((v) => v.name));
            for (const v of type.getValues())
              if (!values.has(v.name)) problems.push(`${type.name}.${v.name} missing`);
          }
        }
        if (type instanceof GraphQLObjectType || type instanceof GraphQLInterfaceType) {
          if (!(theirs instanceof GraphQLObjectType || theirs instanceof GraphQLInterfaceType)) {
            problems.push(`${type.name} is a different kind there`);
            continue;
          }
          const theirFields = theirs.getFields();
          for (const field of Object.values(type.getFields())) {
            const match = theirFields[field.name];
            if (!match) {
              problems.push(`${type.name}.${field.name} is not in Shopify's schema`);
              continue;
            }
            if (String(match.type) !== String(field.type)) {
              problems.push(
                `${type.name}.${field.name}: ${String(field.type)} here, ${String(match.type)} there`,
              );
            }
            for (const arg of field.args) {
              const theirArg = match.args.find((a) => a.name === arg.name);
              if (!theirArg)
                problems.push(`${type.name}.${field.name}(${arg.name}) is not an argument there`);
              else if (String(theirArg.type) !== String(arg.type)) {
                problems.push(
                  `${type.name}.${field.name}(${arg.name}): ${String(arg.type)} vs ${String(theirArg.type)}`,
                );
              }
            }
          }
        }
      }
      expect(problems).toEqual([]);
    });

    test('the root query type has Shopify’s name', () => {
      expect(ours.getQueryType()?.name).toBe(shopify.getQueryType()?.name);
    });
  });
}
