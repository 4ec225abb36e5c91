/**
 * @file Copy-on-write editing of decoded JSON for the defaulters: the input is never mutated (it may be
 * deep-frozen); an object is copied shallowly at its first change, so unchanged subtrees are shared and an
 * object with nothing to default is returned as is. Keys set on an existing object keep their position;
 * new keys are appended in the order the Go defaulters set them.
 */
import type { JsonObject, JsonValue } from '../../types.js';
import { extensibleCopy, isObject } from '../../util/json-value.js';

const hasOwn = Object.prototype.hasOwnProperty;

/** An object being edited: reads see the edits, the original is copied at the first write. */
export class Draft {
  private copy: JsonObject | null = null;

  constructor(private readonly source: JsonObject) {}

  get(key: string): JsonValue | undefined {
    const current = this.copy ?? this.source;
    return hasOwn.call(current, key) ? current[key] : undefined;
  }

  set(key: string, value: JsonValue): void {
    if (this.copy === null) {
      if (hasOwn.call(this.source, key) && this.source[key] === value) return;
      this.copy = extensibleCopy(this.source);
    }
    this.copy[key] = value;
  }

  remove(key: string): void {
    if (!hasOwn.call(this.copy ?? this.source, key)) return;
    if (this.copy === null) this.copy = extensibleCopy(this.source);
    delete this.copy[key];
  }

  /** The edited object: the original when nothing was changed. */
  result(): JsonObject {
    return this.copy ?? this.source;
  }
}

/** Go's nil pointer, slice or map: absent or JSON `null`. */
export function isNil(value: JsonValue | undefined): value is undefined | null {
  return value === undefined || value === null;
}

/** Go's empty string (`== ""`): absent, `null` or `""`. */
export function isEmptyString(value: JsonValue | undefined): boolean {
  return value === undefined || value === null || value === '';
}

/** Go's zero integer of a non-pointer field (`== 0`): absent, `null` or 0. */
export function isZeroNumber(value: JsonValue | undefined): boolean {
  return value === undefined || value === null || value === 0 || value === 0n;
}

/** Go's `len(x) == 0` of a slice or a map: absent, `null`, `[]` or `{}`. */
export function isEmptyCollection(value: JsonValue | undefined): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isObject(value)) {
    for (const key in value) if (hasOwn.call(value, key)) return false;
    return true;
  }
  return false;
}

/** Sets `key` to `value` when the field is a nil pointer. */
export function defaultNil(draft: Draft, key: string, value: JsonValue): void {
  if (isNil(draft.get(key))) draft.set(key, value);
}

/** Sets `key` to `value` when the string field is empty. */
export function defaultString(draft: Draft, key: string, value: string): void {
  if (isEmptyString(draft.get(key))) draft.set(key, value);
}

/** Sets `key` to `value` when the non-pointer integer field is 0. */
export function defaultNumber(draft: Draft, key: string, value: number): void {
  if (isZeroNumber(draft.get(key))) draft.set(key, value);
}

/**
 * Applies `edit` to the object at `key` and stores a changed result. An absent (or `null`) field is edited
 * as `{}` when `create` (a non-pointer Go struct, which the defaulters always reach) and stored only if the
 * edit set something; a field holding a non-object is left alone.
 */
export function editObject(draft: Draft, key: string, edit: (value: JsonObject) => JsonObject, create = false): void {
  const value = draft.get(key);
  let object: JsonObject;
  if (isObject(value)) object = value;
  else if (create && isNil(value)) object = {};
  else return;
  const edited = edit(object);
  if (edited !== object) draft.set(key, edited);
}

/** Maps the items of a list, returning the same list when no item changed. */
export function mapList(list: JsonValue[], edit: (item: JsonValue) => JsonValue): JsonValue[] {
  let copy: JsonValue[] | null = null;
  for (let i = 0; i < list.length; i++) {
    const item = list[i]!;
    const edited = edit(item);
    if (edited !== item) {
      copy ??= list.slice();
      copy[i] = edited;
    }
  }
  return copy ?? list;
}

/** Applies `edit` to each object item of the list at `key` (other items are left alone). */
export function editObjects(draft: Draft, key: string, edit: (item: JsonObject) => JsonObject): void {
  const value = draft.get(key);
  if (!Array.isArray(value)) return;
  const edited = mapList(value, (item) => (isObject(item) ? edit(item) : item));
  if (edited !== value) draft.set(key, edited);
}

/** Edits an object through a {@link Draft}: `edit` changes the draft, the result is returned. */
export function edited(object: JsonObject, edit: (draft: Draft) => void): JsonObject {
  const draft = new Draft(object);
  edit(draft);
  return draft.result();
}

/** The object at `key` of `object`, or `undefined`. */
export function childObject(object: JsonObject | undefined, key: string): JsonObject | undefined {
  if (object === undefined || !hasOwn.call(object, key)) return undefined;
  const value = object[key];
  return isObject(value) ? value : undefined;
}
