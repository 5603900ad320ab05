import { describe, expect, it } from 'vitest';
import { addressAllowed, normaliseAddress } from './client-address.ts';

describe('the clock address restriction', () => {
  it('allows every address, even an unknown one, when the list is empty', () => {
    expect(addressAllowed('203.0.113.9', [])).toBe(true);
    expect(addressAllowed(null, [])).toBe(true);
  });

  it('allows listed addresses and addresses inside listed CIDR ranges only', () => {
    const list = ['198.51.100.7', '10.20.0.0/16', '2001:db8::/32'];
    expect(addressAllowed('198.51.100.7', list)).toBe(true);
    expect(addressAllowed('198.51.100.8', list)).toBe(false);
    expect(addressAllowed('10.20.255.1', list)).toBe(true);
    expect(addressAllowed('10.21.0.1', list)).toBe(false);
    expect(addressAllowed('2001:db8:1::5', list)).toBe(true);
    expect(addressAllowed('2001:db9::5', list)).toBe(false);
  });

  it('treats an IPv4-mapped IPv6 client as the IPv4 address it is, and mapped ranges as IPv4 ranges', () => {
    expect(addressAllowed('::ffff:10.20.3.4', ['10.20.0.0/16'])).toBe(true);
    expect(addressAllowed('10.20.3.4', ['::ffff:10.20.0.0/112'])).toBe(true);
    expect(addressAllowed('10.21.3.4', ['::ffff:10.20.0.0/112'])).toBe(false);
  });

  it('refuses an unknown or unparsable client address when there is a list, and skips entries it cannot read', () => {
    expect(addressAllowed(null, ['10.0.0.0/8'])).toBe(false);
    expect(addressAllowed('not-an-ip', ['10.0.0.0/8'])).toBe(false);
    expect(addressAllowed('10.1.2.3', ['nonsense', '10.0.0.0/8'])).toBe(true);
    expect(addressAllowed('10.1.2.3', ['nonsense'])).toBe(false);
  });

  it('normalises addresses so one address has one spelling', () => {
    expect(normaliseAddress('::ffff:10.0.0.5')).toBe('10.0.0.5');
    expect(normaliseAddress('2001:0db8:0000::0001')).toBe(normaliseAddress('2001:db8::1'));
    expect(normaliseAddress(null)).toBeNull();
  });
});
