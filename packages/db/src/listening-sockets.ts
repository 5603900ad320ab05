import { readdir, readFile, readlink } from 'node:fs/promises';

export interface ListeningSockets {
  /** Ports of the listening TCP sockets (IPv4 and IPv6), ascending. */
  tcpPorts: number[];
  /** Paths of the listening Unix sockets. */
  unixPaths: string[];
}

/** Listening, in /proc/net/tcp's state column. */
const TCP_LISTEN = '0A';
/** __SO_ACCEPTCON in /proc/net/unix's flags column: the socket accepts connections. */
const UNIX_ACCEPTS = 0x10000;

/**
 * What a process listens on, from Linux's /proc: its open sockets' inodes matched against the
 * kernel's socket tables. Asks the kernel rather than the code, so a listener nobody meant to open shows.
 */
export async function listeningSockets(pid: number | 'self' = 'self'): Promise<ListeningSockets> {
  const inodes = new Set<string>();
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    // A descriptor may close between the listing and the read.
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) inodes.add(inode);
  }
  const tcpPorts = new Set<number>();
  for (const table of ['tcp', 'tcp6']) {
    for (const fields of await socketTable(pid, table)) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      const [, local = '', , state, , , , , , inode = ''] = fields;
      if (state === TCP_LISTEN && inodes.has(inode)) tcpPorts.add(Number.parseInt(local.split(':')[1] ?? '', 16));
    }
  }
  const unixPaths: string[] = [];
  for (const fields of await socketTable(pid, 'unix')) {
    // Num RefCount Protocol Flags Type St Inode Path
    const [, , , flags = '0', , , inode = '', path] = fields;
    if (path && inodes.has(inode) && Number.parseInt(flags, 16) & UNIX_ACCEPTS) unixPaths.push(path);
  }
  return { tcpPorts: [...tcpPorts].sort((a, b) => a - b), unixPaths };
}

async function socketTable(pid: number | 'self', table: string): Promise<string[][]> {
  try {
    const text = await readFile(`/proc/${pid}/net/${table}`, 'utf8');
    return text
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/));
  } catch (error) {
    // A kernel without IPv6 has no tcp6 table.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
