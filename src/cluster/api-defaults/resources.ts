/**
 * @file Resource lists as the API server holds them: every quantity is rounded up to milli precision
 * (kubernetes/kubernetes pkg/apis/core/v1/defaults.go `SetDefaults_ResourceList`, `Quantity.RoundUp(-3)`)
 * and, being a decoded `resource.Quantity`, is written back in its canonical form (`Quantity.MarshalJSON`:
 * `0.5` → `500m`, `1024Mi` → `1Gi`, the number `2` → `"2"`). Also the pod-level resources defaulting
 * (`defaultHugePagePodLimits`, `defaultPodRequests`) with the container aggregation of
 * k8s.io/component-helpers resource/helpers.go (`AggregateContainerRequests`, `AggregateContainerLimits`).
 */
import type { JsonObject, JsonValue } from '../../types.js';
import { isObject } from '../../util/json-value.js';
import { compareQuantities, formatQuantity, makeQuantity, parseQuantity, type Quantity } from '../../util/quantity.js';
import { Draft, childObject, editObject, isEmptyCollection } from './edit.js';

const MILLI_SCALE = -3;
const hasOwn = Object.prototype.hasOwnProperty;

/** The JSON text Go's decoder would hand `Quantity.UnmarshalJSON` for a decoded scalar; `null` for a non-quantity. */
function quantityText(value: JsonValue): string | null {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isFinite(value)) return Number.isInteger(value) && Math.abs(value) < 1e21 ? BigInt(value).toString() : String(value);
  return null;
}

/** Parses a resource-list value as the API server decodes it; `null` when it would be rejected. */
export function decodeQuantity(value: JsonValue | undefined): Quantity | null {
  if (value === undefined) return null;
  const text = quantityText(value);
  return text === null ? null : parseQuantity(text);
}

/** `Quantity.RoundUp(-3)`: to a multiple of 10^-3, away from zero. */
function roundUpToMilli(q: Quantity): Quantity {
  if (q.scale >= MILLI_SCALE || q.unscaled === 0n) return q;
  const divisor = 10n ** BigInt(MILLI_SCALE - q.scale);
  const negative = q.unscaled < 0n;
  const magnitude = negative ? -q.unscaled : q.unscaled;
  let quotient = magnitude / divisor;
  if (quotient * divisor !== magnitude) quotient += 1n;
  return makeQuantity(negative ? -quotient : quotient, MILLI_SCALE, q.format);
}

/** The canonical, milli-rounded form of one resource-list value; the value itself when it is not a quantity. */
export function canonicalQuantity(value: JsonValue): JsonValue {
  const q = decodeQuantity(value);
  if (q === null) return value;
  const text = formatQuantity(roundUpToMilli(q));
  return text === value ? value : text;
}

/** `SetDefaults_ResourceList` as serialized: each quantity of the list rounded and canonical. */
export function canonicalResourceList(list: JsonObject): JsonObject {
  let copy: JsonObject | null = null;
  for (const key in list) {
    if (!hasOwn.call(list, key)) continue;
    const value = list[key]!;
    const canonical = canonicalQuantity(value);
    if (canonical !== value) {
      copy ??= { ...list };
      copy[key] = canonical;
    }
  }
  return copy ?? list;
}

/** Canonicalizes the resource lists held at `keys` of the object being edited. */
export function canonicalizeLists(draft: Draft, ...keys: string[]): void {
  for (const key of keys) editObject(draft, key, canonicalResourceList);
}

/** Canonicalizes `limits` and `requests` of a `ResourceRequirements` (or `VolumeResourceRequirements`). */
export function canonicalRequirements(requirements: JsonObject): JsonObject {
  const draft = new Draft(requirements);
  canonicalizeLists(draft, 'limits', 'requests');
  return draft.result();
}

// ---------------------------------------------------------------------------------------------------
// Pod-level resources

type ResourceList = Map<string, Quantity>;

function addQuantities(a: Quantity, b: Quantity): Quantity {
  const scale = Math.min(a.scale, b.scale);
  const x = a.unscaled * 10n ** BigInt(a.scale - scale);
  const y = b.unscaled * 10n ** BigInt(b.scale - scale);
  return makeQuantity(x + y, scale, a.format);
}

/** component-helpers `addResourceList`. */
function addResourceList(list: ResourceList, add: ResourceList): void {
  for (const [name, quantity] of add) {
    const current = list.get(name);
    list.set(name, current === undefined ? quantity : addQuantities(current, quantity));
  }
}

/** component-helpers `maxResourceList`. */
function maxResourceList(list: ResourceList, other: ResourceList): void {
  for (const [name, quantity] of other) {
    const current = list.get(name);
    if (current === undefined || compareQuantities(quantity, current) > 0) list.set(name, quantity);
  }
}

function decodeList(value: JsonObject | undefined): ResourceList {
  const list: ResourceList = new Map();
  if (value === undefined) return list;
  for (const key in value) {
    if (!hasOwn.call(value, key)) continue;
    const q = decodeQuantity(value[key]);
    if (q !== null) list.set(key, q);
  }
  return list;
}

function containerList(container: JsonValue, field: 'requests' | 'limits'): ResourceList {
  if (!isObject(container)) return new Map();
  return decodeList(childObject(childObject(container, 'resources'), field));
}

/**
 * component-helpers `AggregateContainerRequests` / `AggregateContainerLimits` with no options: the sum
 * over regular and restartable init (sidecar) containers, at least the largest need of any init container
 * while it runs (itself plus the sidecars started before it).
 */
function aggregateContainers(spec: JsonObject, field: 'requests' | 'limits'): ResourceList {
  const total: ResourceList = new Map();
  const containers = spec.containers;
  if (Array.isArray(containers)) for (const container of containers) addResourceList(total, containerList(container, field));
  const sidecars: ResourceList = new Map();
  const initMax: ResourceList = new Map();
  const initContainers = spec.initContainers;
  if (Array.isArray(initContainers)) {
    for (const container of initContainers) {
      const own = containerList(container, field);
      let running: ResourceList;
      if (isObject(container) && container.restartPolicy === 'Always') {
        addResourceList(total, own);
        addResourceList(sidecars, own);
        running = sidecars;
      } else {
        running = new Map();
        addResourceList(running, own);
        addResourceList(running, sidecars);
      }
      maxResourceList(initMax, running);
    }
  }
  maxResourceList(total, initMax);
  return total;
}

const HUGE_PAGES_PREFIX = 'hugepages-';

/** component-helpers `IsSupportedPodLevelResource`: cpu, memory and huge pages. */
function isSupportedPodLevelResource(name: string): boolean {
  return name === 'cpu' || name === 'memory' || name.startsWith(HUGE_PAGES_PREFIX);
}

/** pkg/apis/core/v1/helper `IsOvercommitAllowed`: native resources (`IsNativeResource`) except huge pages. */
function isOvercommitAllowed(name: string): boolean {
  const native = !name.includes('/') || name.includes('kubernetes.io/');
  return native && !name.startsWith(HUGE_PAGES_PREFIX);
}

/** Adds the entries of `add` missing from the resource list `list` (a JSON object), appended in order. */
function withAdded(list: JsonObject | undefined, add: Array<[string, Quantity]>): JsonObject | undefined {
  if (add.length === 0) return list;
  const copy: JsonObject = list === undefined ? {} : { ...list };
  for (const [name, quantity] of add) copy[name] = formatQuantity(quantity);
  return copy;
}

/**
 * `SetDefaults_Pod`'s pod-level resources defaulting (`PodLevelResources`), run on a Pod spec whose
 * containers already have their requests defaulted from their limits: `defaultHugePagePodLimits` then
 * `defaultPodRequests`.
 */
export function defaultPodLevelResources(spec: JsonObject): JsonObject {
  const resources = childObject(spec, 'resources');
  if (resources === undefined) return spec;
  let limits = childObject(resources, 'limits');
  let requests = childObject(resources, 'requests');
  const limitsEmpty = isEmptyCollection(limits);
  if (limitsEmpty && isEmptyCollection(requests)) return spec;

  // defaultHugePagePodLimits
  const limitAdds: Array<[string, Quantity]> = [];
  for (const [name, quantity] of aggregateContainers(spec, 'limits')) {
    if (!isSupportedPodLevelResource(name) || !name.startsWith(HUGE_PAGES_PREFIX)) continue;
    if (requests !== undefined && hasOwn.call(requests, name)) continue;
    if (limits === undefined || !hasOwn.call(limits, name)) limitAdds.push([name, quantity]);
  }
  limits = withAdded(limits, limitAdds);

  // defaultPodRequests
  if (!isEmptyCollection(limits)) {
    const requestAdds: Array<[string, Quantity]> = [];
    const present = (name: string): boolean =>
      (requests !== undefined && hasOwn.call(requests, name)) || requestAdds.some(([added]) => added === name);
    for (const [name, quantity] of aggregateContainers(spec, 'requests')) {
      if (!present(name) && isSupportedPodLevelResource(name) && isOvercommitAllowed(name)) requestAdds.push([name, quantity]);
    }
    for (const [name, quantity] of decodeList(limits)) {
      if (!present(name) && isSupportedPodLevelResource(name)) requestAdds.push([name, quantity]);
    }
    requests = withAdded(requests, requestAdds);
  }

  const draft = new Draft(resources);
  if (limits !== undefined) draft.set('limits', limits);
  if (requests !== undefined) draft.set('requests', requests);
  const result = draft.result();
  if (result === resources) return spec;
  return { ...spec, resources: result };
}
