export interface SlotTicket<T> {
  /** The task's outcome; a task cancelled before it started rejects. */
  result: Promise<T>;
  /** Drops the task if it has not started yet (a started one runs to its end). */
  cancel(): void;
}

export interface OrderedSlots {
  /** Runs `task` when one of the slots is free and no waiting task has a lower `order` (equal orders go first come, first served). */
  take<T>(order: number, task: () => Promise<T>): SlotTicket<T>;
}

interface Waiting {
  order: number;
  start: () => void;
}

/**
 * At most `size` tasks at once, the waiting ones by order: the frames of the burst that came first take
 * every free worker, and the next burst's frames fill a worker the moment the first has none left to give.
 */
export function createOrderedSlots(size: number): OrderedSlots {
  if (!(size >= 1)) throw new RangeError('size must be ≥ 1');
  let running = 0;
  const waiting: Waiting[] = [];

  function done(): void {
    running -= 1;
    waiting.shift()?.start();
  }

  return {
    take<T>(order: number, task: () => Promise<T>): SlotTicket<T> {
      let entry: Waiting | undefined;
      let refuse: (error: Error) => void = () => {};
      const result = new Promise<T>((resolve, reject) => {
        refuse = reject;
        const start = () => {
          running += 1;
          task().then(resolve, reject).finally(done);
        };
        if (running < size) return start();
        entry = { order, start };
        // Orders mostly grow, so the place is found from the end.
        let at = waiting.length;
        while (at > 0 && (waiting[at - 1]?.order ?? 0) > order) at -= 1;
        waiting.splice(at, 0, entry);
      });
      return {
        result,
        cancel() {
          const at = entry ? waiting.indexOf(entry) : -1;
          if (at < 0) return;
          waiting.splice(at, 1);
          refuse(new Error('Cancelled before it started'));
        },
      };
    },
  };
}
