/**
 * @file Byte sizes as users write them for limits (`--max-file-size`, `maxFileSize`): a number of bytes, or a
 * Kubernetes quantity (`64Mi`, `10M`, `1.5Gi`), optionally followed by `B` (`64MiB`, `10MB`, `512KB`; `K`
 * is read as Kubernetes' `k`). Binary suffixes are powers of 1024, decimal ones powers of 1000.
 */
import { parseQuantity } from './quantity.js';

/** `text` as a whole number of bytes of at least 1, or null when it is not one. */
export function parseByteSize(text: string): number | null {
  const match = /^(.*?\d)(?:([KMGTPE])(i?)|([kmgtpe]?))B?$/.exec(text.trim());
  if (match === null) return null;
  const [, number, upper, binary, lower] = match;
  // Kubernetes writes kilo as `k`; `K` alone (or `KB`) means the same here.
  const suffix = upper === undefined ? lower : upper === 'K' && binary === '' ? 'k' : `${upper}${binary}`;
  const quantity = parseQuantity(`${number}${suffix}`);
  if (quantity === null) return null;
  let bytes: bigint;
  if (quantity.scale >= 0) {
    bytes = quantity.unscaled * 10n ** BigInt(quantity.scale);
  } else {
    const divisor = 10n ** BigInt(-quantity.scale);
    if (quantity.unscaled % divisor !== 0n) return null;
    bytes = quantity.unscaled / divisor;
  }
  return bytes >= 1n && bytes <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(bytes) : null;
}

const UNITS = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

/** `bytes` in the largest binary unit it reaches, with one decimal when not whole (`64 MiB`, `2.5 GiB`, `100 bytes`). */
export function formatByteSize(bytes: number): string {
  let unit = 0;
  while (unit < UNITS.length - 1 && bytes >= 1024 ** (unit + 1)) unit++;
  const value = bytes / 1024 ** unit;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${UNITS[unit]}`;
}
