// @vitest-environment jsdom
import { act, useRef, useState, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { readTypedFields, useTypedBeforeLive } from './typed-before-live';
import { useForm } from './use-form';

// What a visitor types into a page the server rendered, before it goes live: the server's markup in a
// document, the fields changed as a browser changes them, then React hydrates it (react-dom 19.3).

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

let root: Root | null = null;
afterEach(() => {
  const mounted = root;
  root = null;
  if (mounted) act(() => mounted.unmount());
  document.body.innerHTML = '';
});

/** The server's HTML for `ui` in the document, as a phone shows it before the page's JS has run. */
function serverRendered(ui: ReactNode): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  return container;
}

async function hydrate(container: HTMLElement, ui: ReactNode) {
  await act(async () => {
    root = hydrateRoot(container, ui, {
      onRecoverableError: (error) => {
        throw error instanceof Error ? error : new Error(String(error));
      },
    });
  });
}

const field = <T extends HTMLElement = HTMLInputElement>(container: HTMLElement, name: string) =>
  container.querySelector<T>(`[name="${name}"]`)!;

/** Types as a browser does: the value changes, the default (the rendered attribute) does not. */
function type(control: HTMLInputElement | HTMLTextAreaElement, text: string) {
  control.value = text;
}

const submit = (container: HTMLElement) =>
  act(async () => {
    container.querySelector('form')!.requestSubmit();
  });

describe('React 19 at hydration, without the hook (why it exists)', () => {
  function Search({ onSearch }: { onSearch: (text: string) => void }) {
    const [text, setText] = useState('');
    const [renders, setRenders] = useState(0);
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text);
        }}
      >
        <input name="address" value={text} onChange={(event) => setText(event.target.value)} />
        <button type="button" onClick={() => setRenders((n) => n + 1)}>
          Render again {renders}
        </button>
      </form>
    );
  }

  test('the typed text stays on screen, the state does not know it, and the next render takes it back', async () => {
    const sent: string[] = [];
    const ui = <Search onSearch={(text) => sent.push(text)} />;
    const container = serverRendered(ui);
    type(field(container, 'address'), 'SW1A 2AA');
    await hydrate(container, ui);
    expect(field(container, 'address').value).toBe('SW1A 2AA');
    await submit(container);
    expect(sent).toEqual(['']);
    act(() => container.querySelector('button')!.click());
    expect(field(container, 'address').value).toBe('');
  });
});

describe('useTypedBeforeLive', () => {
  function Search({ onSearch }: { onSearch: (text: string) => void }) {
    const form = useRef<HTMLFormElement>(null);
    const [text, setText] = useState('');
    const [renders, setRenders] = useState(0);
    useTypedBeforeLive(form, (typed) => {
      if (typeof typed.address === 'string') setText(typed.address);
    });
    return (
      <form
        ref={form}
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text);
        }}
      >
        <input name="address" value={text} onChange={(event) => setText(event.target.value)} />
        <button type="button" onClick={() => setRenders((n) => n + 1)}>
          Render again {renders}
        </button>
      </form>
    );
  }

  test('a form takes up what was typed before it went live: kept on screen, in its state, and sent', async () => {
    const sent: string[] = [];
    const ui = <Search onSearch={(text) => sent.push(text)} />;
    const container = serverRendered(ui);
    type(field(container, 'address'), 'SW1A 2AA');
    await hydrate(container, ui);
    act(() => container.querySelector('button')!.click());
    expect(field(container, 'address').value).toBe('SW1A 2AA');
    await submit(container);
    expect(sent).toEqual(['SW1A 2AA']);
  });

  test('nothing typed: nothing taken up', async () => {
    const calls: object[] = [];
    function Probe() {
      const form = useRef<HTMLFormElement>(null);
      useTypedBeforeLive(form, (typed) => calls.push(typed));
      return (
        <form ref={form}>
          <input name="address" defaultValue="" />
        </form>
      );
    }
    const container = serverRendered(<Probe />);
    await hydrate(container, <Probe />);
    expect(calls).toEqual([{}]);
  });

  test('a form the browser renders itself holds what it rendered: nothing is taken up', async () => {
    const calls: object[] = [];
    function Probe() {
      const form = useRef<HTMLFormElement>(null);
      useTypedBeforeLive(form, (typed) => calls.push(typed));
      return (
        <form ref={form}>
          <input name="address" value="rendered" readOnly />
        </form>
      );
    }
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      root = createRoot(container);
      root.render(<Probe />);
    });
    expect(calls).toEqual([{}]);
  });
});

describe('useForm takes up what its fields were given', () => {
  interface Values {
    size: string;
    quantity: number;
    name: string;
    message: string;
    topic: string;
    post: boolean;
  }

  function GiftForm({
    onSend,
    onLive,
  }: {
    onSend: (v: Values) => void;
    onLive?: (t: Partial<Values>) => Partial<Values>;
  }) {
    const form = useForm<Values>({
      initial: { size: 'regular', quantity: 1, name: '', message: '', topic: '', post: false },
      check: (v) =>
        v.name.trim() ? { ok: true, data: v } : { ok: false, errors: { name: 'Enter their name' } },
      onSubmit: (data) => onSend(data),
      ...(onLive ? { onLive } : {}),
    });
    return (
      <form {...form.props}>
        {['regular', 'large'].map((size) => (
          <input
            key={size}
            type="radio"
            name="size"
            value={size}
            checked={form.values.size === size}
            onChange={() => form.set({ size })}
          />
        ))}
        <select
          name="quantity"
          value={form.values.quantity}
          onChange={(e) => form.set({ quantity: Number(e.target.value) })}
        >
          {[1, 2, 3].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <select name="topic" {...form.field('topic')}>
          <option value="" disabled>
            Choose a topic
          </option>
          <option value="order">An order</option>
        </select>
        <input name="name" {...form.field('name')} />
        <textarea name="message" {...form.field('message')} />
        <input type="checkbox" name="post" {...form.checkbox('post')} />
        <input type="hidden" name="secret" value="kept" />
        <p role="alert">{form.errors.name ?? ''}</p>
      </form>
    );
  }

  test('text, a text area, a select, radios and a checkbox: in the state, checked and sent', async () => {
    const sent: Values[] = [];
    const ui = <GiftForm onSend={(v) => sent.push(v)} />;
    const container = serverRendered(ui);
    type(field(container, 'name'), 'Nonna Rossi');
    type(field<HTMLTextAreaElement>(container, 'message'), 'Buon appetito');
    field<HTMLSelectElement>(container, 'quantity').value = '3';
    field<HTMLSelectElement>(container, 'topic').value = 'order';
    container.querySelector<HTMLInputElement>('[name="size"][value="large"]')!.checked = true;
    field(container, 'post').checked = true;
    await hydrate(container, ui);
    await submit(container);
    expect(container.querySelector('[role="alert"]')!.textContent).toBe('');
    expect(sent).toEqual([
      {
        size: 'large',
        quantity: 3,
        name: 'Nonna Rossi',
        message: 'Buon appetito',
        topic: 'order',
        post: true,
      },
    ]);
    expect(field(container, 'name').value).toBe('Nonna Rossi');
    expect(container.querySelector<HTMLInputElement>('[name="size"][value="regular"]')!.checked).toBe(false);
  });

  test('the check runs on what was taken up: blanks typed over nothing still fail', async () => {
    const sent: Values[] = [];
    const ui = <GiftForm onSend={(v) => sent.push(v)} />;
    const container = serverRendered(ui);
    type(field(container, 'name'), '   ');
    await hydrate(container, ui);
    await submit(container);
    expect(sent).toEqual([]);
    expect(container.querySelector('[role="alert"]')!.textContent).toBe('Enter their name');
    expect(field(container, 'name').value).toBe('   ');
  });

  test('onLive adds what only the browser knows, and what was typed wins over it', async () => {
    const sent: Values[] = [];
    const draft = { name: 'From the draft', message: 'Saved earlier' };
    const ui = <GiftForm onSend={(v) => sent.push(v)} onLive={(typed) => ({ ...draft, ...typed })} />;
    const container = serverRendered(ui);
    type(field(container, 'name'), 'Typed now');
    await hydrate(container, ui);
    expect(field<HTMLTextAreaElement>(container, 'message').value).toBe('Saved earlier');
    await submit(container);
    expect(sent.map((v) => [v.name, v.message])).toEqual([['Typed now', 'Saved earlier']]);
  });
});

describe('readTypedFields', () => {
  const form = (html: string) => {
    const element = document.createElement('form');
    element.innerHTML = html;
    return element;
  };

  test('fields as rendered give nothing, however their defaults are said', () => {
    const rendered = form(`
      <input name="a" value="x"><input name="b"><textarea name="c">note</textarea>
      <select name="d"><option value="1">1</option><option value="2">2</option></select>
      <select name="e"><option value="1">1</option><option value="2" selected>2</option></select>
      <input type="checkbox" name="f" checked><input type="radio" name="g" value="1" checked>
      <input type="radio" name="g" value="2">`);
    expect(readTypedFields(rendered)).toEqual({});
  });

  test('changed ones give their value; hidden, disabled and unnamed fields are left out', () => {
    const changed = form(`
      <input name="a" value="x"><input name="b" disabled><input type="hidden" name="c" value="1"><input id="d">
      <input type="checkbox" name="f" checked><input type="radio" name="g" value="1" checked>
      <input type="radio" name="g" value="2"><select name="h"><option value="1">1</option><option value="2">2</option></select>`);
    const controls = changed.elements;
    (controls.namedItem('a') as HTMLInputElement).value = 'typed';
    (controls.namedItem('b') as HTMLInputElement).value = 'typed';
    (controls.namedItem('c') as HTMLInputElement).value = 'changed by script';
    changed.querySelector<HTMLInputElement>('#d')!.value = 'typed';
    (controls.namedItem('f') as HTMLInputElement).checked = false;
    changed.querySelector<HTMLInputElement>('[name="g"][value="2"]')!.checked = true;
    (controls.namedItem('h') as HTMLSelectElement).value = '2';
    expect(readTypedFields(changed)).toEqual({ a: 'typed', f: false, g: '2', h: '2' });
  });
});
