import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type * as ModalHistory from './modal-history';

// The phone's back button and modals (issue 9, item 1), on a history that behaves as the browser's does:
// pushState drops the entries ahead, back() moves one entry back later (a task) and then fires popstate.

class FakeHistory {
  entries: unknown[] = [{ page: 'menu' }];
  index = 0;
  private listeners: (() => void)[] = [];
  get state() {
    return this.entries[this.index];
  }
  get length() {
    return this.entries.length;
  }
  pushState(state: unknown) {
    this.entries = [...this.entries.slice(0, this.index + 1), state];
    this.index += 1;
  }
  replaceState(state: unknown) {
    this.entries[this.index] = state;
  }
  back() {
    setTimeout(() => {
      this.index = Math.max(0, this.index - 1);
      this.listeners.forEach((listener) => listener());
    });
  }
  addEventListener(type: string, listener: () => void) {
    if (type === 'popstate') this.listeners.push(listener);
  }
  /** The browser's back button: back, then popstate. */
  pressBack(): Promise<void> {
    return new Promise((resolve) => {
      this.back();
      setTimeout(resolve);
    });
  }
}

let history: FakeHistory;
let modals: typeof ModalHistory;

beforeEach(async () => {
  history = new FakeHistory();
  vi.stubGlobal('window', {
    history,
    addEventListener: (type: string, listener: () => void) => history.addEventListener(type, listener),
  });
  vi.resetModules();
  modals = await import('./modal-history');
});
afterEach(() => vi.unstubAllGlobals());

const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('a modal on a phone', () => {
  test('gets an entry; the back button takes it off and closes the modal, leaving the page as it was', async () => {
    const closed = vi.fn();
    const id = modals.openModalEntry(closed);
    expect(history.length).toBe(2);
    await history.pressBack();
    expect(closed).toHaveBeenCalledOnce();
    expect(history.index).toBe(0);
    // The modal's own cleanup then does nothing more.
    modals.closeModalEntry(id);
    await flush();
    expect(history.index).toBe(0);
    expect(history.state).toEqual({ page: 'menu' });
  });

  test('closed by its own button: its entry is taken off', async () => {
    const closed = vi.fn();
    const id = modals.openModalEntry(closed);
    modals.closeModalEntry(id);
    await modals.modalHistorySettled();
    expect(history.index).toBe(0);
    expect(closed).not.toHaveBeenCalled();
  });

  test('a modal opened as another closes takes its entry over: one back press closes it', async () => {
    const menuClosed = vi.fn();
    const howClosed = vi.fn();
    const menu = modals.openModalEntry(menuClosed);
    // One render: the menu's cleanup, then the new modal's effect.
    modals.closeModalEntry(menu);
    modals.openModalEntry(howClosed);
    await flush();
    await modals.modalHistorySettled();
    expect(history.length).toBe(2);
    expect(howClosed).not.toHaveBeenCalled();
    await history.pressBack();
    expect(howClosed).toHaveBeenCalledOnce();
    expect(history.index).toBe(0);
    expect(menuClosed).not.toHaveBeenCalled();
  });

  test('a modal opened while a closed one’s entry is on its way off gets its own entry after it', async () => {
    const first = modals.openModalEntry(() => {});
    modals.closeModalEntry(first);
    await flush();
    const second = vi.fn();
    modals.openModalEntry(second);
    await modals.modalHistorySettled();
    expect(history.index).toBe(1);
    expect(second).not.toHaveBeenCalled();
    await history.pressBack();
    expect(second).toHaveBeenCalledOnce();
  });

  test('left by a link: no back(), the navigation replaces the entry', async () => {
    const id = modals.openModalEntry(() => {});
    expect(modals.hasModalEntry()).toBe(true);
    expect(modals.leaveModalsByNavigation()).toBe(true);
    modals.closeModalEntry(id);
    await flush();
    await modals.modalHistorySettled();
    // The router's replace navigation.
    history.replaceState({ page: 'gift-boxes' });
    expect(history.entries).toEqual([{ page: 'menu' }, { page: 'gift-boxes' }]);
  });

  test('on a page with no modal entry, links are left alone', () => {
    expect(modals.hasModalEntry()).toBe(false);
    expect(modals.leaveModalsByNavigation()).toBe(false);
  });

  test('two modals, one over the other: back closes only the top one', async () => {
    const lower = vi.fn();
    const upper = vi.fn();
    modals.openModalEntry(lower);
    modals.openModalEntry(upper);
    await history.pressBack();
    expect(upper).toHaveBeenCalledOnce();
    expect(lower).not.toHaveBeenCalled();
    await history.pressBack();
    expect(lower).toHaveBeenCalledOnce();
  });
});
