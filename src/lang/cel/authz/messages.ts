/**
 * @file Typed message values for the Kyverno Authz environments: protobuf messages (the Envoy `CheckRequest`, cel-go
 * `cel.Types`) and Go structs (the HTTP `CheckRequest`, cel-go `ext.NativeTypes`) as cel-js object types with
 * declared fields, so that field selections are type-checked and read like cel-go reads them: an unset field reads
 * as its default (`""`, `0`, `false`, empty map or list, the empty message), and `has(m.f)` tells whether the field
 * is set (non-default; cel-go `pb.FieldDescription.IsSet`, `ext/native.go` `IsSet` with `reflect.Value.IsZero`).
 */
import type { Environment, RegisterTypeDefinition } from '@marcbachmann/cel-js';
import { UnsignedInt } from '@marcbachmann/cel-js/evaluator';
import { CEL_FIELD_PRESENCE } from '../has.js';

/** A field's CEL type: `string`, `int`, `uint`, `bool`, `bytes`, `double`, `list<…>`, `map<…>`, a message type name, `dyn`. */
export type FieldType = string;

/** A message type: its CEL name and fields (CEL field name → type). */
export interface MessageSpec {
  readonly name: string;
  readonly fields: Readonly<Record<string, FieldType>>;
}

/** The value of a typed message: the fields set, read through getters giving the defaults of the others. */
export interface MessageValue {
  readonly [CEL_FIELD_PRESENCE]: (field: string) => boolean;
  /** The fields set (a field set to its default is not kept). */
  readonly set: ReadonlyMap<string, unknown>;
}

type MessageClass = new (fields: ReadonlyMap<string, unknown>) => MessageValue;

/** The message types of one library, by name. */
export class MessageTypes {
  private readonly classes = new Map<string, MessageClass>();

  constructor(readonly specs: readonly MessageSpec[]) {
    for (const spec of specs) this.classes.set(spec.name, this.defineClass(spec));
  }

  /** The spec of a message type. */
  spec(name: string): MessageSpec {
    const spec = this.specs.find((candidate) => candidate.name === name);
    if (spec === undefined) throw new TypeError(`unknown message type ${name}`);
    return spec;
  }

  /** Registers the types on a cel-js environment. */
  register(env: Environment): void {
    for (const spec of this.specs) {
      env.registerType(spec.name, { ctor: this.classes.get(spec.name)!, fields: { ...spec.fields } } as unknown as RegisterTypeDefinition);
    }
  }

  /** A message of type `name` with the given fields set (fields left out, or set to their default, are unset). */
  create(name: string, fields: Readonly<Record<string, unknown>> = {}): MessageValue {
    const Class = this.classes.get(name);
    if (Class === undefined) throw new TypeError(`unknown message type ${name}`);
    const set = new Map<string, unknown>();
    for (const [field, value] of Object.entries(fields)) if (value !== undefined && !isDefault(value)) set.set(field, value);
    return new Class(set);
  }

  /** Whether `value` is a message of type `name`. */
  is(value: unknown, name: string): value is MessageValue {
    const Class = this.classes.get(name);
    return Class !== undefined && value instanceof Class;
  }

  /** The default value of a field type. */
  defaultOf(type: FieldType): unknown {
    switch (type) {
      case 'string':
        return '';
      case 'int':
        return 0n;
      case 'uint':
        return new UnsignedInt(0);
      case 'double':
        return 0;
      case 'bool':
        return false;
      case 'bytes':
        return new Uint8Array();
      case 'dyn':
        return null;
      case 'google.protobuf.Timestamp':
        return new Date(0);
      default:
        if (type.startsWith('list<')) return [];
        if (type.startsWith('map<')) return new Map();
        return this.create(type);
    }
  }

  private defineClass(spec: MessageSpec): MessageClass {
    const types = this;
    const Class = {
      [spec.name]: class {
        readonly set: ReadonlyMap<string, unknown>;
        constructor(set: ReadonlyMap<string, unknown>) {
          this.set = set;
        }
        [CEL_FIELD_PRESENCE](field: string): boolean {
          return this.set.has(field);
        }
      },
    }[spec.name]!;
    for (const [field, type] of Object.entries(spec.fields)) {
      Object.defineProperty(Class.prototype, field, {
        enumerable: true,
        get(this: MessageValue) {
          return this.set.has(field) ? this.set.get(field) : types.defaultOf(type);
        },
      });
    }
    return Class as unknown as MessageClass;
  }
}

/** Whether a value is the default of its type (an unset proto3 field, a zero Go value). */
function isDefault(value: unknown): boolean {
  if (value === '' || value === 0n || value === 0 || value === false || value === null) return true;
  if (value instanceof UnsignedInt) return value.valueOf() === 0n;
  if (value instanceof Uint8Array || Array.isArray(value)) return value.length === 0;
  if (value instanceof Map) return value.size === 0;
  return false;
}
