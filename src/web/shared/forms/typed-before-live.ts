import { useLayoutEffect, useState, type RefObject } from 'react';

// A page the server rendered is on a phone's screen a second or two before React hydrates it, and a
// visitor types into it meanwhile. React 19 (react-dom 19.3, `initInput` while hydrating) leaves what a
// field holds as it is, starts its change tracking from it and fires no change: the form's state keeps the
// value the server rendered while the field shows the typed text. The next render of that field writes the
// state back into it (the text vanishes) and a submit sends the rendered value. So a form takes up, as it
// mounts, what its named fields hold that differs from what was rendered into them: the element's default
// (its value attribute, its checked attribute, the option rendered as selected). A form the browser
// rendered itself holds what it rendered: nothing differs.

/** What a form's fields were given before the page went live, by field name: text, or checked or not. */
export type TypedFields = Record<string, string | boolean>;

/** A single select's value as rendered: its option marked selected (the last, as browsers do), else the first that can be. */
const renderedValue = (options: HTMLOptionElement[]) =>
  (options.findLast((option) => option.defaultSelected) ?? options.find((option) => !option.disabled))
    ?.value ?? '';

/**
 * The named fields inside `root` whose value differs from what was rendered into them. Hidden fields and
 * buttons never differ (their value is their attribute); a multiple select is left out.
 */
export function readTypedFields(root: ParentNode): TypedFields {
  const typed: TypedFields = {};
  const controls = root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    'input[name], textarea[name], select[name]',
  );
  for (const control of controls) {
    const { name, type, value } = control;
    if (control.disabled) continue;
    if (type === 'checkbox' || type === 'radio') {
      const { checked, defaultChecked } = control as HTMLInputElement;
      if (type === 'checkbox' ? checked !== defaultChecked : checked && !defaultChecked)
        typed[name] = type === 'checkbox' ? checked : value;
    } else if (type === 'select-one') {
      if (value !== renderedValue(Array.from((control as HTMLSelectElement).options))) typed[name] = value;
    } else if (type !== 'select-multiple' && value !== (control as HTMLInputElement).defaultValue) {
      typed[name] = value;
    }
  }
  return typed;
}

/**
 * Once, as a form mounts (for a form the server rendered: the commit that hydrates it, before anything
 * re-renders its fields), `takeUp` is given what the fields inside `root` were given before then: often
 * nothing, always nothing for a form the browser rendered itself.
 */
export function useTypedBeforeLive(
  root: RefObject<HTMLElement | null>,
  takeUp: (typed: TypedFields) => void,
): void {
  // The first render's `takeUp`: the effect runs before any other render.
  const [onMount] = useState(() => takeUp);
  useLayoutEffect(() => {
    if (root.current) onMount(readTypedFields(root.current));
  }, [onMount, root]);
}
