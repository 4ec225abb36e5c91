/**
 * @file A small command-line flag parser with the conventions of the Kyverno CLI (cobra/pflag):
 * `--flag value`, `--flag=value`, `-f value`, `-fvalue`, `-f=value`, grouped boolean shorthands (`-ab`),
 * `--` to end flags, repeatable list flags that also split on commas (pflag `StringSlice`), byte sizes
 * (`64MiB`, `10MB`, a number of bytes), and
 * `-h/--help` on every command. Unknown flags and malformed values raise a {@link UsageError}.
 */
import { parseByteSize } from '../util/byte-size.js';

/** How a flag's value is read (`size`: a number of bytes, see {@link parseByteSize}). */
type FlagType = 'boolean' | 'string' | 'list' | 'int' | 'size';

export interface FlagSpec {
  /** Canonical long name, without dashes. */
  name: string;
  /** One-letter shorthand, without the dash. */
  short?: string;
  /** Other long names accepted for the same flag (e.g. `resources` for `resource`). */
  aliases?: readonly string[];
  type: FlagType;
  description: string;
  /** Placeholder shown in the help text. */
  valueName?: string;
  /** Default shown in the help text (the parser itself returns `undefined` for absent flags). */
  defaultText?: string;
}

type FlagValue = boolean | string | number | string[];

/** Thrown for command-line mistakes; the CLI prints the message with the usage and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The outcome of parsing: flag values by canonical name, positional arguments, and the help request. */
export class ParsedArgs {
  constructor(
    private readonly values: ReadonlyMap<string, FlagValue>,
    readonly positionals: readonly string[],
    readonly help: boolean,
  ) {}

  has(name: string): boolean {
    return this.values.has(name);
  }

  boolean(name: string): boolean {
    return this.values.get(name) === true;
  }

  string(name: string): string | undefined {
    const value = this.values.get(name);
    return typeof value === 'string' ? value : undefined;
  }

  list(name: string): string[] {
    const value = this.values.get(name);
    return Array.isArray(value) ? value : [];
  }

  int(name: string): number | undefined {
    const value = this.values.get(name);
    return typeof value === 'number' ? value : undefined;
  }

  /** A `size` flag's value in bytes. */
  size(name: string): number | undefined {
    return this.int(name);
  }
}

const HELP_FLAG: FlagSpec = { name: 'help', short: 'h', type: 'boolean', description: 'help for this command' };

/** Go `strconv.ParseBool`. */
function parseBool(text: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(text)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(text)) return false;
  return undefined;
}

/** pflag's `StringSlice` reads each occurrence as one CSV record. */
function splitList(text: string): string[] {
  if (text === '') return [];
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      if (quoted && text[i + 1] === '"') {
        current += '"';
        i++;
      } else {
        quoted = !quoted;
      }
    } else if (ch === ',' && !quoted) {
      items.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  items.push(current);
  return items;
}

/** Parses `argv` (without the command name) against `specs`. */
export function parseArgs(specs: readonly FlagSpec[], argv: readonly string[]): ParsedArgs {
  const all = [...specs, HELP_FLAG];
  const byLong = new Map<string, FlagSpec>();
  const byShort = new Map<string, FlagSpec>();
  for (const spec of all) {
    byLong.set(spec.name, spec);
    for (const alias of spec.aliases ?? []) byLong.set(alias, spec);
    if (spec.short) byShort.set(spec.short, spec);
  }
  const values = new Map<string, FlagValue>();
  const positionals: string[] = [];

  const assign = (spec: FlagSpec, shown: string, raw: string | undefined): void => {
    switch (spec.type) {
      case 'boolean': {
        const value = raw === undefined ? true : parseBool(raw);
        if (value === undefined) throw new UsageError(`invalid argument "${raw}" for "${shown}" flag: expected true or false`);
        values.set(spec.name, value);
        return;
      }
      case 'string':
        values.set(spec.name, raw ?? '');
        return;
      case 'int': {
        const text = raw ?? '';
        if (!/^[+-]?\d+$/.test(text)) throw new UsageError(`invalid argument "${text}" for "${shown}" flag: expected an integer`);
        values.set(spec.name, Number.parseInt(text, 10));
        return;
      }
      case 'size': {
        const text = raw ?? '';
        const bytes = parseByteSize(text);
        if (bytes === null) throw new UsageError(`invalid argument "${text}" for "${shown}" flag: expected a size in bytes of 1 or more (such as 67108864, 64MiB or 10MB)`);
        values.set(spec.name, bytes);
        return;
      }
      case 'list': {
        const previous = values.get(spec.name);
        const list = Array.isArray(previous) ? previous : [];
        list.push(...splitList(raw ?? ''));
        values.set(spec.name, list);
        return;
      }
    }
  };

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      const spec = byLong.get(name);
      if (!spec) throw new UsageError(`unknown flag: --${name}`);
      let raw: string | undefined = eq === -1 ? undefined : arg.slice(eq + 1);
      if (raw === undefined && spec.type !== 'boolean') {
        if (i + 1 >= argv.length) throw new UsageError(`flag needs an argument: --${name}`);
        raw = argv[++i];
      }
      assign(spec, `--${name}`, raw);
      continue;
    }
    if (arg.startsWith('-') && arg.length > 1) {
      for (let j = 1; j < arg.length; j++) {
        const letter = arg[j];
        const spec = byShort.get(letter);
        if (!spec) throw new UsageError(`unknown shorthand flag: '${letter}' in ${arg}`);
        const rest = arg.slice(j + 1);
        if (spec.type === 'boolean') {
          if (rest.startsWith('=')) {
            assign(spec, `-${letter}`, rest.slice(1));
            break;
          }
          assign(spec, `-${letter}`, undefined);
          continue;
        }
        let raw: string;
        if (rest !== '') {
          raw = rest.startsWith('=') ? rest.slice(1) : rest;
        } else {
          if (i + 1 >= argv.length) throw new UsageError(`flag needs an argument: '${letter}' in -${letter}`);
          raw = argv[++i];
        }
        assign(spec, `-${letter}`, raw);
        break;
      }
      continue;
    }
    positionals.push(arg);
  }
  const help = values.get(HELP_FLAG.name) === true;
  values.delete(HELP_FLAG.name);
  return new ParsedArgs(values, positionals, help);
}

/** The `Flags:` section of a command's help text. */
export function formatFlagHelp(specs: readonly FlagSpec[]): string {
  const rows = [...specs, HELP_FLAG].map((spec) => {
    const names = [spec.short ? `-${spec.short}, ` : '    ', `--${spec.name}`];
    const value = spec.type === 'boolean' ? '' : ` ${spec.valueName ?? (spec.type === 'int' ? 'int' : spec.type === 'size' ? 'size' : spec.type === 'list' ? 'strings' : 'string')}`;
    const aliases = spec.aliases?.length ? ` (alias: ${spec.aliases.map((a) => `--${a}`).join(', ')})` : '';
    const defaults = spec.defaultText !== undefined ? ` (default ${spec.defaultText})` : '';
    return { left: `  ${names.join('')}${value}`, right: `${spec.description}${aliases}${defaults}` };
  });
  const width = Math.max(...rows.map((row) => row.left.length)) + 3;
  return rows.map((row) => row.left.padEnd(width) + row.right).join('\n');
}
