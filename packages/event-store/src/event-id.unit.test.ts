import { describe, expect, it } from 'vitest';
import { commandEventId, nameBasedUuid } from './event-id.ts';

describe('nameBasedUuid', () => {
  it('is RFC 9562’s version 5 uuid', () => {
    // The RFC's own example: the DNS namespace and www.example.com.
    expect(nameBasedUuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });
});

describe('commandEventId', () => {
  it('gives the same version 5 uuid for the same command id and index, another for another index or command', () => {
    const id = commandEventId('command-1', 0);
    expect(id).toBe('6ac325e8-ed62-5a5d-a09c-f93dcc52666c');
    expect(commandEventId('command-1', 0)).toBe(id);
    expect(commandEventId('command-1', 1)).not.toBe(id);
    expect(commandEventId('command-2', 0)).not.toBe(id);
  });
});
