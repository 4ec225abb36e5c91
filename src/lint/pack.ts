/**
 * @file Scan results packed for storage: strings, object shapes and repeated objects are
 * stored once, and a finding's fields other than its location, resource, fix and suppressions (rule, message, policy
 * metadata) come from a template shared by the findings of the same rule and message. The results cache (cache.ts)
 * stores them so. (The workers of a parallel scan post theirs encoded for the purpose: thread-encoding.ts.)
 */

/**
 * Strings, object shapes and repeated objects stored once: a string is its index in `strings`, a number its decimal
 * text, an object `[shape, ...values]`, an array `[-1, ...items]`, a nested object seen before `[-2, index]` (decoded
 * once and shared: cached values are never changed), and a finding `[-3, template, ...its location, resource, fix,
 * suppressions]`, its other fields (rule, message, policy metadata) being those of a template shared by many.
 */
const VARYING = new Set(['location', 'resource', 'fix', 'suppressions']);

/**
 * The packed form of a finding decoded from a flat list (`[template, ...object indexes]`, its part of the list): kept
 * so, one copy, and written out as `[-3, template, [-2, index]…]` only where a finding is packed outside such a list.
 */
class FlatFinding {
  constructor(readonly items: readonly unknown[]) {}

  expand(): unknown[] {
    const out: unknown[] = [-3, this.items[0]];
    for (let i = 1; i < this.items.length; i++) out.push([-2, this.items[i]]);
    return out;
  }
}

export class Packer {
  readonly strings: string[];
  readonly shapes: string[][];
  readonly objects: unknown[];
  readonly templates: unknown[];
  readonly #strings = new Map<string, number>();
  readonly #shapes = new Map<string, number>();
  readonly #objects = new Map<string, number>();
  readonly #templates = new Map<string, number>();
  /** Findings already packed (or decoded from these tables): their packed form. */
  readonly #packed: WeakMap<object, unknown>;

  /** A packer of new tables, or one appending to `tables` (whose decoded findings `packed` gives the packed form of). */
  constructor(tables?: PackTables, packed?: WeakMap<object, unknown>) {
    this.strings = tables === undefined ? [] : [...tables.strings];
    this.shapes = tables === undefined ? [] : [...tables.shapes];
    this.objects = tables === undefined ? [] : [...tables.objects];
    this.templates = tables === undefined ? [] : [...tables.templates];
    this.#packed = packed ?? new WeakMap();
    const index = <T>(table: readonly T[], map: Map<string, number>, signature: (item: T) => string): void => {
      for (let i = 0; i < table.length; i++) {
        const key = signature(table[i]!);
        if (!map.has(key)) map.set(key, i);
      }
    };
    index(this.strings, this.#strings, (text) => text);
    index(this.shapes, this.#shapes, (keys) => keys.join('\u0000'));
    // The stored objects are not indexed (their signatures cost more than they save): an object packed again is added
    // again, which decodes the same.
    index(this.templates, this.#templates, (packed) => JSON.stringify(packed));
  }

  pack(value: unknown, nested = false): unknown {
    if (typeof value === 'string') return this.#index(this.#strings, this.strings, value, value);
    if (typeof value === 'number') return String(value);
    if (value === null || typeof value === 'boolean' || value === undefined) return value ?? null;
    if (Array.isArray(value)) {
      const out: unknown[] = [-1];
      let flatItems = false;
      for (const item of value) {
        // A finding decoded from a flat list stays in that form until the list is known to be one of findings.
        const known = item !== null && typeof item === 'object' ? this.#packed.get(item as object) : undefined;
        if (known instanceof FlatFinding) flatItems = true;
        out.push(known instanceof FlatFinding ? known : this.pack(item, nested));
      }
      const flat = findingList(out);
      if (flat !== null) return flat;
      if (flatItems) for (let i = 1; i < out.length; i++) if (out[i] instanceof FlatFinding) out[i] = (out[i] as FlatFinding).expand();
      return out;
    }
    if (value instanceof Map) return this.pack([...value].map(([key, item]) => [key, item instanceof Set ? [...(item as Set<unknown>)] : item]));
    const record = value as Record<string, unknown>;
    const known = this.#packed.get(record);
    if (known !== undefined) return known instanceof FlatFinding ? known.expand() : known;
    const keys = Object.keys(record).filter((key) => record[key] !== undefined);
    const shape = this.#index(this.#shapes, this.shapes, keys.join('\u0000'), keys);
    if (keys.includes('ruleId') && keys.includes('location')) {
      // A finding: a template of its other fields, then its varying ones.
      const template: unknown[] = [shape];
      const varying: unknown[] = [];
      for (const key of keys) {
        if (VARYING.has(key)) {
          template.push(null);
          varying.push(this.pack(record[key], true));
        } else {
          template.push(this.pack(record[key], true));
        }
      }
      const packed = [-3, this.#index(this.#templates, this.templates, JSON.stringify(template), template), ...varying];
      this.#packed.set(record, packed);
      return packed;
    }
    const out: unknown[] = [shape];
    for (const key of keys) out.push(this.pack(record[key], true));
    return nested ? [-2, this.#index(this.#objects, this.objects, JSON.stringify(out), out)] : out;
  }

  /** The tables the packed values index (to store or post beside them). */
  tables(): PackTables {
    return { strings: this.strings, shapes: this.shapes, objects: this.objects, templates: this.templates };
  }

  /** The index of `item` in `table`, added when no item of the same signature is there. */
  #index<T>(map: Map<string, number>, table: T[], signature: string, item: T): number {
    let index = map.get(signature);
    if (index === undefined) {
      index = table.length;
      table.push(item);
      map.set(signature, index);
    }
    return index;
  }
}

/**
 * A list of findings whose varying fields are all stored objects, as one flat list of numbers: `[-4, template,
 * ...object indexes of its varying fields, template, …]` (a long list of findings then decodes without a small list
 * per finding); null for any other list.
 */
function findingList(packed: readonly unknown[]): unknown[] | null {
  if (packed.length < 2) return null;
  const flat: unknown[] = [-4];
  for (let i = 1; i < packed.length; i++) {
    const item = packed[i];
    if (item instanceof FlatFinding) {
      for (const index of item.items) flat.push(index);
      continue;
    }
    if (!Array.isArray(item) || item[0] !== -3) return null;
    flat.push(item[1]);
    for (let k = 2; k < item.length; k++) {
      const field = item[k] as unknown;
      if (!Array.isArray(field) || field.length !== 2 || field[0] !== -2) return null;
      flat.push(field[1]);
    }
  }
  return flat;
}

export interface PackTables {
  strings: readonly string[];
  shapes: readonly string[][];
  objects: readonly unknown[];
  templates: readonly unknown[];
}

/**
 * A list of findings decoded from a flat list (`findingList`), with where each finding's part of the list starts
 * (`starts[i]` to `starts[i + 1]`): that part packs the finding again in the same tables.
 */
export interface DecodedFindingList {
  findings: Record<string, unknown>[];
  flat: readonly unknown[];
  starts: number[];
}

/**
 * `value` decoded as a flat list of findings, with the parts of the list each comes from; null when `value` is not one.
 * Cheaper than remembering each finding's packed form.
 */
export function unpackFindingList(tables: PackTables, value: unknown): DecodedFindingList | null {
  if (!Array.isArray(value) || value[0] !== -4) return null;
  const unpack = unpacker(tables);
  const findings = unpack(value) as Record<string, unknown>[];
  const starts: number[] = [];
  const { shapes, templates } = tables;
  // Each finding's part: its template, then one object index per varying field of the template's shape.
  const varying = new Map<number, number>();
  let at = 1;
  while (at < value.length) {
    starts.push(at);
    const template = value[at] as number;
    let count = varying.get(template);
    if (count === undefined) {
      const keys = shapes[(templates[template] as unknown[])[0] as number]!;
      count = keys.filter((key) => VARYING.has(key)).length;
      varying.set(template, count);
    }
    at += 1 + count;
  }
  starts.push(at);
  return { findings, flat: value, starts };
}

/** Decodes packed values; `packed` is told the packed form of each finding decoded. */
export function unpacker({ strings, shapes, objects, templates }: PackTables, packed?: WeakMap<object, unknown>): (value: unknown) => unknown {
  const decodedObjects = new Array<unknown>(objects.length);
  const decodedTemplates: { keys: string[]; values: unknown[]; varying: boolean[] }[] = [];
  const object = (index: number): unknown => {
    let decoded = decodedObjects[index];
    if (decoded === undefined) {
      if (index >= objects.length) throw new Error('bad object index');
      decoded = decodedObjects[index] = unpack(objects[index]);
    }
    return decoded;
  };
  const template = (index: number): { keys: string[]; values: unknown[]; varying: boolean[] } => {
    let decoded = decodedTemplates[index];
    if (decoded === undefined) {
      const stored = templates[index] as unknown[] | undefined;
      if (stored === undefined) throw new Error('bad template index');
      const keys = shapes[stored[0] as number];
      if (keys === undefined) throw new Error('bad shape index');
      const varying = keys.map((key) => VARYING.has(key));
      decoded = { keys, values: keys.map((_key, i) => (varying[i] ? undefined : unpack(stored[i + 1]))), varying };
      decodedTemplates[index] = decoded;
    }
    return decoded;
  };
  /** A finding of template `index`, its varying fields read in turn (`next`); `form`: its packed form. */
  const finding = (index: number, next: () => unknown, form: () => unknown): Record<string, unknown> => {
    const { keys, values, varying } = template(index);
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) out[keys[i]!] = varying[i] ? next() : values[i];
    packed?.set(out, form());
    return out;
  };
  const unpack = (value: unknown): unknown => {
    if (typeof value === 'number') {
      const text = strings[value];
      if (text === undefined) throw new Error('bad string index');
      return text;
    }
    if (typeof value === 'string') return Number(value);
    if (value === null || typeof value === 'boolean') return value;
    if (!Array.isArray(value)) throw new Error('bad value');
    const head = value[0] as number;
    if (head === -1) {
      const out = new Array<unknown>(value.length - 1);
      for (let i = 1; i < value.length; i++) out[i - 1] = unpack(value[i]);
      return out;
    }
    if (head === -2) return object(value[1] as number);
    if (head === -3) {
      let next = 2;
      return finding(value[1] as number, () => unpack(value[next++]), () => value);
    }
    if (head === -4) {
      const out: unknown[] = [];
      let at = 1;
      if (packed !== undefined) {
        while (at < value.length) {
          const start = at;
          const item = finding(value[at++] as number, () => object(value[at++] as number), () => new FlatFinding(value.slice(start, at)));
          out.push(item);
        }
        return out;
      }
      // As `finding` does, without a function made for each finding (a stored report holds many).
      while (at < value.length) {
        const { keys, values, varying } = template(value[at++] as number);
        const item: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) item[keys[i]!] = varying[i] ? object(value[at++] as number) : values[i];
        out.push(item);
      }
      return out;
    }
    const keys = shapes[head];
    if (keys === undefined) throw new Error('bad shape index');
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) out[keys[i]!] = unpack(value[i + 1]);
    return out;
  };
  return unpack;
}
