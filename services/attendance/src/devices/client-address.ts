import ipaddr from 'ipaddr.js';

type Address = ReturnType<typeof ipaddr.parse>;

/** The address as IPv4 when it is an IPv4-mapped IPv6 one (::ffff:10.0.0.5), else as parsed; null if invalid. */
function parsed(text: string): Address | null {
  try {
    return ipaddr.process(text.trim());
  } catch {
    return null;
  }
}

/** One spelling per address, so the address a ticket was issued to compares equal to the one spending it. */
export function normaliseAddress(ip: string | null): string | null {
  if (ip === null) return null;
  return parsed(ip)?.toString() ?? ip.trim();
}

/** A range of the allow list; IPv4-mapped IPv6 ranges (::ffff:10.0.0.0/104) become IPv4 ones. */
function rangeOf(entry: string): [Address, number] | null {
  try {
    if (!entry.includes('/')) {
      const address = parsed(entry);
      return address ? [address, address.kind() === 'ipv4' ? 32 : 128] : null;
    }
    const [address, bits] = ipaddr.parseCIDR(entry.trim());
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
      return [(address as ipaddr.IPv6).toIPv4Address(), bits - 96];
    }
    return [address, bits];
  } catch {
    return null;
  }
}

/**
 * Whether a company's clock settings let this client clock: an empty list allows every address, else
 * the address must be one of the list's addresses or CIDR ranges (an unknown address never is).
 */
export function addressAllowed(ip: string | null, allowList: readonly string[]): boolean {
  if (allowList.length === 0) return true;
  const address = ip === null ? null : parsed(ip);
  if (address === null) return false;
  return allowList.some((entry) => {
    const range = rangeOf(entry);
    return range !== null && range[0].kind() === address.kind() && address.match(range);
  });
}
