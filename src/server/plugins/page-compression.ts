import { promisify } from "node:util";
import zlib from "node:zlib";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** A page's bytes as sent: plain, and compressed for browsers that accept brotli or gzip. */
export interface CompressedPage {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * `quick` for a page rendered for the first time (most are never asked for again: the long tail,
 * made-up URLs), `strong` once a page is asked for again and is kept: the smallest bytes for the
 * pages shoppers keep loading, paid once per change. Levels measured in decision 016.
 */
export type PageCompression = "quick" | "strong";

const LEVELS: Record<PageCompression, { gzip: number; brotli: number }> = {
  quick: { gzip: 1, brotli: 1 },
  strong: { gzip: 9, brotli: 9 },
};

export async function compressPage(identity: Buffer, compression: PageCompression): Promise<CompressedPage> {
  const level = LEVELS[compression];
  const [gz, br] = await Promise.all([
    gzip(identity, { level: level.gzip }),
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: level.brotli } }),
  ]);
  return { identity, gzip: gz, br };
}
