import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValueNode,
} from 'graphql';

// Limits that keep one storefront request from costing the server more than a page of menu: a maximum
// depth, and a cost that multiplies each connection's page size down the tree (Shopify's own idea of
// query cost, simplified: every object returned costs one).

function walk(
  selectionSet: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  visit: (field: FieldNode, children: SelectionSetNode | undefined) => number,
  combine: (values: number[]) => number,
  seen: Set<string> = new Set(),
): number {
  const values: number[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      values.push(visit(selection, selection.selectionSet));
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      values.push(walk(selection.selectionSet, fragments, visit, combine, seen));
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      if (!fragment || seen.has(name)) continue; // cycles are reported by graphql's own rule
      values.push(walk(fragment.selectionSet, fragments, visit, combine, new Set([...seen, name])));
    }
  }
  return combine(values);
}

function fragmentsOf(context: ValidationContext): Record<string, FragmentDefinitionNode> {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  return fragments;
}

export function depthLimitRule(maxDepth: number) {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(operation) {
      const fragments = fragmentsOf(context);
      const depthOf = (set: SelectionSetNode): number =>
        walk(
          set,
          fragments,
          (field, children) =>
            field.name.value.startsWith('__') ? 0 : 1 + (children ? depthOf(children) : 0),
          (values) => Math.max(0, ...values),
        );
      const depth = depthOf(operation.selectionSet);
      if (depth > maxDepth) {
        context.reportError(
          new GraphQLError(`Query has depth of ${depth}, which exceeds max depth of ${maxDepth}`, {
            nodes: [operation],
            extensions: { code: 'MAX_DEPTH_EXCEEDED' },
          }),
        );
      }
    },
  });
}

function intValue(node: ValueNode | undefined, variables: Record<string, unknown>): number | null {
  if (!node) return null;
  if (node.kind === Kind.INT) return Number(node.value);
  if (node.kind === Kind.VARIABLE) {
    const value = variables[node.name.value];
    return typeof value === 'number' ? value : null;
  }
  return null;
}

/** The operation's declared integer defaults (`$first: Int = 250`), which apply when a variable is not sent. */
function defaultValues(operation: OperationDefinitionNode): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    if (definition.defaultValue?.kind === Kind.INT) {
      values[definition.variable.name.value] = Number(definition.defaultValue.value);
    }
  }
  return values;
}

export function costLimitRule(maxCost: number, sent: Record<string, unknown>) {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(operation) {
      const fragments = fragmentsOf(context);
      // Without the defaults, `query ($n: Int = 250) { … first: $n … }` would cost as if each page held one.
      const variables = { ...defaultValues(operation), ...sent };
      const costOf = (set: SelectionSetNode): number =>
        walk(
          set,
          fragments,
          (field, children) => {
            if (!children) return 0;
            const arg = (name: string) => field.arguments?.find((a) => a.name.value === name)?.value;
            const page = intValue(arg('first'), variables) ?? intValue(arg('last'), variables);
            const multiplier = page ?? 1;
            return multiplier * (1 + costOf(children));
          },
          (values) => values.reduce((sum, v) => sum + v, 0),
        );
      const cost = costOf(operation.selectionSet);
      if (cost > maxCost) {
        context.reportError(
          new GraphQLError(`Query cost ${cost} exceeds the maximum of ${maxCost}`, {
            nodes: [operation],
            extensions: { code: 'MAX_COST_EXCEEDED', cost, maxCost },
          }),
        );
      }
    },
  });
}
