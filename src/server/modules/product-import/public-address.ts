import { BlockList, isIP } from "node:net";

/**
 * Addresses a picture is never fetched from (no SSRF): the store's own machine, its private
 * network, link-local (cloud metadata at 169.254.169.254), shared and reserved ranges, multicast.
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net, bits, "ipv6");

/** An IPv4 address carried inside an IPv6 one (::ffff:10.0.0.1, 64:ff9b::a00:1), checked as itself. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether an IP address is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !blocked.check(address, "ipv4");
  const v4 = embeddedIpv4(address);
  if (v4) return isPublicAddress(v4);
  return !blocked.check(address, "ipv6");
}

/**
 * IMPORT_FETCH_ALLOW: hosts a picture may come from although they are not public (a shop's own
 * image server; the tests' fake CDN), comma-separated; `host` allows every port, `host:port` one.
 */
export class FetchAllowance {
  private readonly hosts = new Set<string>();
  private readonly hostPorts = new Set<string>();

  constructor(setting: string | undefined) {
    for (const raw of (setting ?? "").split(",")) {
      const entry = raw.trim().toLowerCase();
      if (!entry) continue;
      const withPort = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(entry);
      if (withPort) this.hostPorts.add(`${unbracket(withPort[1])}:${withPort[2]}`);
      else this.hosts.add(unbracket(entry));
    }
  }

  allows(url: URL): boolean {
    const host = unbracket(url.hostname.toLowerCase());
    const port = url.port || (url.protocol === "https:" ? "443" : "80");
    return this.hosts.has(host) || this.hostPorts.has(`${host}:${port}`);
  }
}

const unbracket = (host: string) => host.replace(/^\[(.*)\]$/, "$1");
