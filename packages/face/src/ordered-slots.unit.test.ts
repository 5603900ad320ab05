import { describe, expect, it } from 'vitest';
import { createOrderedSlots } from './ordered-slots.ts';

function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('createOrderedSlots', () => {
  it('gives a freed slot to the waiting task of the lowest order, first come first served within an order', async () => {
    const slots = createOrderedSlots(1);
    const first = gate();
    const started: string[] = [];
    const task = (name: string, wait?: Promise<void>) => async () => {
      started.push(name);
      await wait;
      return name;
    };
    const tickets = [
      slots.take(1, task('a1', first.opened)),
      slots.take(3, task('c1')),
      slots.take(2, task('b1')),
      slots.take(1, task('a2')),
      slots.take(2, task('b2')),
    ];
    first.open();
    expect(await Promise.all(tickets.map((ticket) => ticket.result))).toEqual(['a1', 'c1', 'b1', 'a2', 'b2']);
    expect(started).toEqual(['a1', 'a2', 'b1', 'b2', 'c1']);
  });

  it('runs `size` tasks at once', async () => {
    const slots = createOrderedSlots(3);
    let running = 0;
    let peak = 0;
    const task = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
    };
    await Promise.all(Array.from({ length: 8 }, (_, i) => slots.take(i, task).result));
    expect(peak).toBe(3);
  });

  it('drops a cancelled task that has not started (its result rejects) and lets a started one finish', async () => {
    const slots = createOrderedSlots(1);
    const first = gate();
    let laterRan = false;
    const running = slots.take(1, async () => {
      await first.opened;
      return 'done';
    });
    const later = slots.take(1, async () => {
      laterRan = true;
      return 'later';
    });
    running.cancel();
    later.cancel();
    first.open();
    await expect(running.result).resolves.toBe('done');
    await expect(later.result).rejects.toThrow('Cancelled before it started');
    expect(laterRan).toBe(false);
  });
});
