import { describe, expect, it } from 'vitest';
import { commandEventId } from './event-id.ts';

describe('commandEventId', () => {
  it('gives the same version 5 uuid for the same command id and index, another for another index or command', () => {
    const id = commandEventId('command-1', 0);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(commandEventId('command-1', 0)).toBe(id);
    expect(commandEventId('command-1', 1)).not.toBe(id);
    expect(commandEventId('command-2', 0)).not.toBe(id);
  });
});
