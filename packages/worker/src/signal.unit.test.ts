import { describe, expect, it } from 'vitest';
import { createSignal } from './signal.ts';

describe('createSignal', () => {
  it('tells every subscriber of each notification until it unsubscribes', () => {
    const signal = createSignal();
    const heard: string[] = [];
    const stopA = signal.subscribe(() => heard.push('a'));
    signal.subscribe(() => heard.push('b'));
    signal.notify();
    stopA();
    signal.notify();
    expect(heard).toEqual(['a', 'b', 'b']);
  });

  it('keeps two subscriptions of one listener apart', () => {
    const signal = createSignal();
    let heard = 0;
    const listener = () => void (heard += 1);
    const first = signal.subscribe(listener);
    signal.subscribe(listener);
    first();
    signal.notify();
    expect(heard).toBe(1);
  });

  it('still tells the next subscriber when one unsubscribes while notified', () => {
    const signal = createSignal();
    const heard: string[] = [];
    const stopA: () => void = signal.subscribe(() => {
      heard.push('a');
      stopA();
    });
    signal.subscribe(() => heard.push('b'));
    signal.notify();
    signal.notify();
    expect(heard).toEqual(['a', 'b', 'b']);
  });
});
